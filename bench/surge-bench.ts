// `npm run bench:surge`: the evening after a TV report on recovery scams. One production server on PostgreSQL, in
// database recours_surge (created if missing; a throw-away schema inside, dropped at the end; never the test database),
// e-mail sent over SMTP to a local sink by its own job worker. Open loop (requests go out on a schedule whatever the
// answers), in rising steps of sign-up rate (SURGE_STEPS, sign-ups per second, default 1,2,4,8) sharing
// SURGE_DURATION_S seconds (default 300):
// - sign-ups (POST /inscription), each then followed as a person would: the confirmation link from the e-mail the
//   sink received, opened; the sign-in (POST /connexion, once, trying again after Retry-After on a 503);
// - public pages at 20 × the sign-up rate, form pages (/connexion, /inscription, /mot-de-passe-oublie) at 5 ×;
// - dashboards of those already signed in at the sign-up rate.
// Prints per step: sign-up p50/p95, 503s with Retry-After, public, form and dashboard p95, errors (answers other than
// 2xx/3xx/503, and failed requests), then the highest sign-up rate held (sign-up p95 ≤ 2 s, public p95 ≤ 50 ms) and
// `uptime` at start and end. Password hashing is the bottleneck by design (decision 19): PASSWORD_HASHING_CONCURRENCY
// and PASSWORD_HASHING_QUEUE from the environment reach the server; the values used are printed.
import { execSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import { parseEnv } from "~/platform/env.server";
import { cookieHeaderFrom } from "../tests/support/accounts";
import { ensureProductionBuild, startProductionServer, visibleText, type RunningServer } from "../tests/support/production-server";
import { benchRequest, bodyOf, setCookiesOf } from "./support/bench-http";
import { startSmtpSink, type ReceivedMail } from "../tests/support/smtp-sink";
import { persistentDatabaseTarget } from "../tests/support/test-database";
import { ensureBenchDatabase } from "./support/bench-database";
import { openLoop } from "./support/open-loop";
import { PUBLIC_PAGES } from "./support/public-pages";
import { highestHeld, p50p95, PUBLIC_P95_LIMIT_MS, SIGN_UP_P95_LIMIT_MS, surgeSteps, type SurgeStep } from "./support/surge-plan";

const STEPS = surgeSteps(process.env.SURGE_STEPS ?? "1,2,4,8", Number(process.env.SURGE_DURATION_S ?? 300));
const base = process.env.SURGE_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/recours_surge";
const FORM_PAGES = ["/connexion", "/inscription", "/mot-de-passe-oublie"];
const PASSWORD = "cheval agrafe nuage tribord 47";
const HIGH_LIMIT = "1000000000";
const FORM = { "content-type": "application/x-www-form-urlencoded" };
/** How long a person waits for the confirmation e-mail before giving up (counted as lost). */
const MAIL_WAIT_MS = 120_000;
const run = randomBytes(3).toString("hex");

const uptime = () => execSync("uptime").toString().trim();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const settings = parseEnv({
  PASSWORD_HASHING_CONCURRENCY: process.env.PASSWORD_HASHING_CONCURRENCY,
  PASSWORD_HASHING_QUEUE: process.env.PASSWORD_HASHING_QUEUE,
});

interface Timed {
  ms: number;
  status: number;
}
/** An answer that is neither 2xx/3xx nor a 503 (0: the request failed). */
const isError = (status: number) => !(status >= 200 && status < 400) && status !== 503;

interface FollowUp {
  /** From the sign-up's answer to the e-mail's arrival at the sink. */
  mailMs?: number;
  confirmStatus?: number;
  signIn?: Timed & { busy: number };
}
interface Journey extends FollowUp {
  signUp: Timed & { retryAfter: boolean };
}

interface StepResult {
  step: SurgeStep;
  journeys: Journey[];
  publicPages: Timed[];
  formPages: Timed[];
  dashboards: Timed[];
}

async function timedGet(baseUrl: string, pathname: string, cookie?: string): Promise<Timed> {
  const started = performance.now();
  try {
    const response = await benchRequest(baseUrl, pathname, { cookie });
    return { ms: performance.now() - started, status: response.status };
  } catch {
    return { ms: performance.now() - started, status: 0 };
  }
}

async function main() {
  ensureProductionBuild();
  await ensureBenchDatabase(base, "bench:surge");
  const database = await persistentDatabaseTarget("postgres");
  const sink = await startSmtpSink();
  let server: RunningServer | undefined;
  try {
    server = await startProductionServer({
      ...database.serverEnv,
      AUTH_SECRET: "surge-bench-secret-surge-bench-secret-surge-bench",
      SMTP_URL: sink.url,
      MAIL_FROM: "Recours <bonjour@recours.test>",
      JOB_POLL_MILLISECONDS: "100",
      // Every request comes from 127.0.0.1: the per-address limits would stop the bench, not the crowd.
      MAX_CONNECTIONS_PER_ADDRESS: "0",
      LOGIN_ATTEMPTS_PER_ADDRESS: HIGH_LIMIT,
      LOGIN_ATTEMPTS_PER_EMAIL: HIGH_LIMIT,
      SIGNUP_ATTEMPTS_PER_ADDRESS: HIGH_LIMIT,
      LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
    });
    const baseUrl = server.baseUrl;

    // The confirmation e-mails the sink received, by address (read as they come).
    const mails = new Map<string, ReceivedMail>();
    let read = 0;
    const mailTo = async (email: string): Promise<ReceivedMail | undefined> => {
      const deadline = Date.now() + MAIL_WAIT_MS;
      for (;;) {
        for (; read < sink.received.length; read += 1) for (const to of sink.received[read]!.to) mails.set(to, sink.received[read]!);
        const mail = mails.get(email);
        if (mail || Date.now() > deadline) return mail;
        await sleep(100);
      }
    };

    const signedIn: string[] = [];
    const signIn = async (email: string): Promise<FollowUp["signIn"]> => {
      const started = performance.now();
      let busy = 0;
      for (;;) {
        try {
          const response = await benchRequest(baseUrl, "/connexion", { headers: FORM, body: new URLSearchParams({ email, password: PASSWORD }).toString() });
          if (response.status === 503 && busy < 10) {
            busy += 1;
            await sleep(Number(response.headers["retry-after"] ?? 5) * 1000);
            continue;
          }
          if (response.status === 302 || response.status === 303) signedIn.push(cookieHeaderFrom(setCookiesOf(response), (name) => !name.startsWith("recours_flash")));
          return { ms: performance.now() - started, status: response.status, busy };
        } catch {
          return { ms: performance.now() - started, status: 0, busy };
        }
      }
    };

    /** After a sign-up: the link from the e-mail, opened, then the sign-in. */
    const followUp = async (email: string): Promise<FollowUp> => {
      const answered = performance.now();
      const mail = await mailTo(email);
      const link = mail && /https?:\/\/[^\s"<>]*\/verifier-email\?token=[^\s"<>]+/.exec(mail.text)?.[0];
      if (!link) return {};
      const mailMs = performance.now() - answered;
      const url = new URL(link);
      const confirm = await timedGet(baseUrl, `${url.pathname}${url.search}`);
      if (confirm.status !== 302) return { mailMs, confirmStatus: confirm.status };
      return { mailMs, confirmStatus: confirm.status, signIn: await signIn(email) };
    };

    /**
     * One person signs up; on success the rest of the journey (e-mail, link, sign-in) goes on in the background, so
     * that a step ends with its sign-ups' answers, not with their e-mails.
     */
    const journey = async (step: number, index: number): Promise<{ signUp: Journey["signUp"]; rest: Promise<Journey> }> => {
      const email = `vague.${run}.${step}.${index}@exemple.fr`;
      const started = performance.now();
      let signUp: Journey["signUp"];
      try {
        const response = await benchRequest(baseUrl, "/inscription", {
          headers: FORM,
          body: new URLSearchParams({ firstName: "Camille", lastName: "Vague", email, password: PASSWORD, phoneMobileCountry: "FR", phoneMobile: "612345678", country: "france" }).toString(),
        });
        signUp = { ms: performance.now() - started, status: response.status, retryAfter: response.headers["retry-after"] !== undefined };
        if (index < 0 && response.status !== 200) throw new Error(`inscription refusée (${response.status}) :\n${visibleText(bodyOf(response).toString("utf8")).slice(0, 1000)}`);
      } catch (error) {
        if (index < 0) throw error;
        signUp = { ms: performance.now() - started, status: 0, retryAfter: false };
      }
      const done = signUp;
      return { signUp, rest: signUp.status === 200 ? followUp(email).then((rest) => ({ signUp: done, ...rest })) : Promise.resolve({ signUp }) };
    };

    // Untimed warm-up: every page rendered once (the public page cache fills, the JIT warms up), and one whole journey.
    for (const page of [...PUBLIC_PAGES, ...FORM_PAGES]) await timedGet(baseUrl, page);
    const trial = await (await journey(-1, -1)).rest;
    if (trial.signIn?.status !== 302) throw new Error(`parcours d'essai incomplet : ${JSON.stringify(trial)}`);
    signedIn.length = 0;

    const loadAtStart = uptime();
    console.log(`bench:surge — ${STEPS.length} paliers de ${STEPS[0]!.seconds.toFixed(0)} s, inscriptions ${STEPS.map((s) => s.signUpRate).join(", ")} /s`);
    console.log(`hachage des mots de passe : PASSWORD_HASHING_CONCURRENCY=${settings.PASSWORD_HASHING_CONCURRENCY}, PASSWORD_HASHING_QUEUE=${settings.PASSWORD_HASHING_QUEUE}`);
    console.log(`au départ : ${loadAtStart}`);

    const results: StepResult[] = [];
    const journeysOf: Promise<Journey[]>[] = [];
    for (const [number, step] of STEPS.entries()) {
      const [signUps, publicPages, formPages, dashboards] = await Promise.all([
        openLoop(step.seconds, step.signUpRate, (i) => journey(number, i)),
        openLoop(step.seconds, step.publicRate, (i) => timedGet(baseUrl, PUBLIC_PAGES[i % PUBLIC_PAGES.length]!)),
        openLoop(step.seconds, step.formRate, (i) => timedGet(baseUrl, FORM_PAGES[i % FORM_PAGES.length]!)),
        // The dashboards of those signed in so far (none at the very start: nothing is sent then).
        openLoop(step.seconds, step.dashboardRate, (i) =>
          signedIn.length === 0 ? Promise.resolve(undefined) : timedGet(baseUrl, "/dashboard", signedIn[i % signedIn.length]),
        ),
      ]);
      journeysOf.push(Promise.all(signUps.map((s) => s.rest)));
      results.push({ step, journeys: [], publicPages, formPages, dashboards: dashboards.filter((d) => d !== undefined) });
      console.log(`palier ${number + 1} (${step.signUpRate} inscriptions/s) terminé : ${uptime()}`);
    }
    const loadAtEnd = uptime();
    // The last e-mails, links and sign-ins (not timed against any step's rate).
    for (const [number, journeys] of (await Promise.all(journeysOf)).entries()) results[number]!.journeys = journeys;

    const ms = (list: { ms: number }[]) => list.map((r) => r.ms);
    const fmt = (value: number) => (Number.isNaN(value) ? "—" : value.toFixed(0));
    const errors = (list: { status: number }[]) => list.filter((r) => isError(r.status)).length;
    console.log("");
    console.log(
      "inscriptions/s | pages publiques/s | inscriptions | p50 | p95 (ms) | 503 + Retry-After | e-mail p95 (ms) | connectés | connexion p95 (ms, attentes Retry-After comprises) | publiques p95 (ms) | formulaires p95 (ms) | tableaux de bord p95 (ms) | erreurs",
    );
    console.log("---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:");
    const verdicts: Parameters<typeof highestHeld>[0] = [];
    for (const { step, journeys, publicPages, formPages, dashboards } of results) {
      const signUps = journeys.map((j) => j.signUp);
      const signIns = journeys.flatMap((j) => (j.signIn ? [j.signIn] : []));
      const signUp = p50p95(ms(signUps));
      const publicP95 = p50p95(ms(publicPages)).p95;
      const busy = signUps.filter((s) => s.status === 503 && s.retryAfter).length;
      const confirmErrors = journeys.filter((j) => j.confirmStatus !== undefined && isError(j.confirmStatus)).length;
      const errorCount = errors(signUps) + errors(signIns) + errors(publicPages) + errors(formPages) + errors(dashboards) + confirmErrors;
      verdicts.push({ signUpRate: step.signUpRate, signUpP95: signUp.p95, publicP95, refused: signUps.filter((s) => s.status === 503).length });
      console.log(
        [
          step.signUpRate,
          step.publicRate,
          signUps.length,
          fmt(signUp.p50),
          fmt(signUp.p95),
          busy,
          fmt(p50p95(journeys.flatMap((j) => (j.mailMs === undefined ? [] : [j.mailMs]))).p95),
          `${signIns.filter((s) => s.status === 302).length} (${signIns.reduce((sum, s) => sum + s.busy, 0)} 503)`,
          fmt(p50p95(ms(signIns)).p95),
          fmt(publicP95),
          fmt(p50p95(ms(formPages)).p95),
          fmt(p50p95(ms(dashboards)).p95),
          errorCount,
        ].join(" | "),
      );
    }
    const errorStatuses = new Map<number, number>();
    for (const { journeys, publicPages, formPages, dashboards } of results) {
      const answers = [...journeys.map((j) => j.signUp), ...journeys.flatMap((j) => (j.signIn ? [j.signIn] : [])), ...publicPages, ...formPages, ...dashboards];
      for (const { status } of answers.filter((answer) => isError(answer.status))) errorStatuses.set(status, (errorStatuses.get(status) ?? 0) + 1);
    }
    if (errorStatuses.size > 0) console.log(`\nerreurs par statut (0 : pas de réponse) : ${[...errorStatuses].map(([status, count]) => `${status} × ${count}`).join(", ")}`);
    const lostMails = results.reduce((sum, r) => sum + r.journeys.filter((j) => j.signUp.status === 200 && j.mailMs === undefined).length, 0);
    console.log("");
    if (lostMails > 0) console.log(`e-mails de confirmation non reçus en ${MAIL_WAIT_MS / 1000} s : ${lostMails}`);
    const held = highestHeld(verdicts);
    console.log(
      held === undefined
        ? `aucun palier tenu (inscription p95 ≤ ${SIGN_UP_P95_LIMIT_MS / 1000} s, pages publiques p95 ≤ ${PUBLIC_P95_LIMIT_MS} ms, aucune inscription refusée)`
        : `plus haut débit d'inscription tenu (inscription p95 ≤ ${SIGN_UP_P95_LIMIT_MS / 1000} s, pages publiques p95 ≤ ${PUBLIC_P95_LIMIT_MS} ms, aucune inscription refusée) : ${held} /s`,
    );
    console.log(`charge au départ : ${loadAtStart}`);
    console.log(`charge à la fin  : ${loadAtEnd}`);
  } finally {
    await server?.stop();
    await sink.close();
    await database.drop();
  }
}

await main();
