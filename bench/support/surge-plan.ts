// The pure parts of `npm run bench:surge`: its steps of rate and the verdict on them.
import { percentile } from "../timing";

/** Public pages per sign-up, form pages per sign-up (issue 33's mix); dashboards come at the sign-up rate. */
export const PUBLIC_PER_SIGN_UP = 20;
export const FORMS_PER_SIGN_UP = 5;

export interface SurgeStep {
  /** Sign-ups per second. */
  signUpRate: number;
  publicRate: number;
  formRate: number;
  dashboardRate: number;
  seconds: number;
}

/** "1,2,4" (sign-ups per second) over `totalSeconds`: one step per rate, the duration shared equally, rising. */
export function surgeSteps(rates: string, totalSeconds: number): SurgeStep[] {
  const list = rates
    .split(",")
    .map((rate) => rate.trim())
    .filter(Boolean)
    .map(Number);
  if (list.length === 0 || list.some((rate) => !Number.isFinite(rate) || rate <= 0)) {
    throw new Error(`SURGE_STEPS : une liste de débits d'inscription par seconde, par exemple 1,2,4 (reçu « ${rates} »)`);
  }
  if (!(totalSeconds > 0)) throw new Error(`SURGE_DURATION_S : une durée en secondes (reçu ${totalSeconds})`);
  const seconds = totalSeconds / list.length;
  return [...list]
    .sort((a, b) => a - b)
    .map((signUpRate) => ({
      signUpRate,
      publicRate: signUpRate * PUBLIC_PER_SIGN_UP,
      formRate: signUpRate * FORMS_PER_SIGN_UP,
      dashboardRate: signUpRate,
      seconds,
    }));
}

/** p50 and p95 (nearest rank) of some durations; NaN when there are none. */
export function p50p95(ms: number[]): { p50: number; p95: number } {
  return { p50: percentile(ms, 50), p95: percentile(ms, 95) };
}

export const SIGN_UP_P95_LIMIT_MS = 2000;
export const PUBLIC_P95_LIMIT_MS = 50;

/**
 * The highest sign-up rate held: that of the last step, in rising order, where sign-up p95 ≤ 2 s and public p95 ≤ 50 ms
 * and no sign-up was asked to come back later (503), every step below it having held too (a step with no measurement
 * does not hold). A refusal answers fast: counted only in the p95, it would make a saturated step look held.
 * Undefined when the first one fails.
 */
export function highestHeld(steps: { signUpRate: number; signUpP95: number; publicP95: number; refused: number }[]): number | undefined {
  let held: number | undefined;
  for (const step of steps) {
    if (!(step.signUpP95 <= SIGN_UP_P95_LIMIT_MS && step.publicP95 <= PUBLIC_P95_LIMIT_MS && step.refused === 0)) break;
    held = step.signUpRate;
  }
  return held;
}
