// `npm run bench:jobs`: jobs per second through the queue, on PGlite and (when reachable) PostgreSQL. Each run enqueues
// N email jobs in one transaction, then two workers drain them concurrently into a transport that records nothing
// (the queue is measured, not SMTP). Loopback only; everything is dropped afterwards.
import { createJobWorker } from "~/modules/jobs/jobs.server";
import { createEmailJobHandler, EMAIL_JOB, enqueueEmail, type MailTransport } from "~/modules/notifications/notifications.server";
import { db } from "~/platform/runtime.server";
import { startTestRuntime, type TestEngine } from "../tests/support/test-database";

const JOBS = Number(process.env.BENCH_JOBS ?? 2000);
const WORKERS = 2;

const nullTransport: MailTransport = { kind: "development", send: async () => {}, close() {} };

async function run(engine: TestEngine) {
  const { stop } = await startTestRuntime(engine);
  try {
    const enqueueStart = performance.now();
    await db()
      .transaction()
      .execute(async (trx) => {
        for (let i = 0; i < JOBS; i += 1) {
          await enqueueEmail(trx, { to: `bench-${i}@exemple.fr`, template: "identite-verifiee", variables: { prenom: "Banc", lien: "https://recours.test/dashboard" } });
        }
      });
    const enqueueSeconds = (performance.now() - enqueueStart) / 1000;
    const workers = Array.from({ length: WORKERS }, () =>
      createJobWorker({ database: db(), handlers: { [EMAIL_JOB]: createEmailJobHandler(nullTransport) }, batchSize: 20 }),
    );
    const drainStart = performance.now();
    const counts = await Promise.all(workers.map((worker) => worker.drain()));
    const drainSeconds = (performance.now() - drainStart) / 1000;
    const done = await db().selectFrom("jobs").select((eb) => eb.fn.countAll<number>().as("n")).where("status", "=", "done").executeTakeFirstOrThrow();
    console.log(
      `${engine} | ${JOBS} | ${Math.round(JOBS / enqueueSeconds)} enqueued/s | ${Math.round(JOBS / drainSeconds)} jobs/s (${counts.join(" + ")}) | done ${done.n}`,
    );
  } finally {
    await stop();
  }
}

process.env.LOG_LEVEL = "silent";
console.log("engine | jobs | enqueue | run (2 workers, each job = render + email_logs insert) | check");
await run("pglite");
process.env.TEST_DATABASE_URL ??= "postgres://postgres@127.0.0.1:5432/test";
try {
  await run("postgres");
} catch (error) {
  console.log(`postgres | indisponible : ${error instanceof Error ? error.message : String(error)}`);
}
