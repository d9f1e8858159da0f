import { setTimeout as sleep } from "node:timers/promises";
import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";

const PERIOD_MS = 30_000;
/** The previous step is used only while it is safely inside the server's window (±1 step) when the code arrives. */
const PREVIOUS_STEP_MARGIN_MS = 10_000;

function otpFor(manualKey: string) {
  return createOTP(base32.decode(manualKey.replace(/\s/g, "")), { digits: 6, period: 30 });
}

function currentStep(now = Date.now()): number {
  return Math.floor(now / PERIOD_MS);
}

/** The code of an authenticator app holding this manual key, `offset` time steps (30 s) from now. */
export function totpCodeAt(manualKey: string, offset: number): Promise<string> {
  return otpFor(manualKey).hotp(currentStep() + offset);
}

/** The last step handed out per key in this process: the server accepts each step once only (decision 64). */
const lastStepGiven = new Map<string, number>();

/**
 * A code the server has not seen yet, as a phone gives one more every 30 s: a step later than any given before for
 * this key, within the server's window (the previous step, this one or the next), waiting for the next step when
 * all three are spent. Tests that replay a code on purpose use `totpCodeAt` or keep the string.
 */
export async function totpCode(manualKey: string): Promise<string> {
  const key = manualKey.replace(/\s/g, "");
  for (;;) {
    const now = Date.now();
    const current = currentStep(now);
    const intoStep = now - current * PERIOD_MS;
    const earliest = intoStep < PERIOD_MS - PREVIOUS_STEP_MARGIN_MS ? current - 1 : current;
    const step = Math.max(earliest, (lastStepGiven.get(key) ?? Number.NEGATIVE_INFINITY) + 1);
    if (step <= current + 1) {
      lastStepGiven.set(key, step);
      return otpFor(key).hotp(step);
    }
    await sleep(PERIOD_MS - intoStep + 50);
  }
}
