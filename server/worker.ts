// `npm run worker`: the job queue's worker alone, for deployments on PostgreSQL that run it beside the web servers
// (set JOB_WORKER=off on those). PGlite allows one process per data folder: with it, the server's own worker runs.
import { env as loadEnv } from "~/platform/env.server";
import { logger } from "~/platform/logger.server";
import { prepareSealCertificate } from "~/modules/agreements/seal-certificate.server";
import { startFileStorage } from "~/modules/files/files.server";
import { db, startRuntime, stopRuntime } from "~/platform/runtime.server";
import { startJobWorker } from "./job-worker";

async function main() {
  const env = loadEnv();
  if (!env.DATABASE_URL) {
    console.error("npm run worker a besoin de DATABASE_URL : sur la base embarquée, le serveur fait tourner la file lui-même.");
    process.exit(1);
  }
  await startFileStorage(env, db);
  await startRuntime(env);
  // The worker seals signed agreements: the same certificate checks as the server's start (decision 0078).
  await prepareSealCertificate(env);
  const running = startJobWorker(env);
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      void running
        .stop()
        .then(stopRuntime)
        .then(() => process.exit(0));
    });
  }
  logger.info("worker seul démarré");
}

main().catch((error: unknown) => {
  console.error(error instanceof Error && error.message.startsWith("Configuration invalide") ? error.message : error);
  process.exit(1);
});
