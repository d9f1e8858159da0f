import cluster, { type Worker } from "node:cluster";
import { logger } from "~/platform/logger.server";

/** A worker that dies this soon after it started serving counts as a failed start. */
const HEALTHY_AFTER_MS = 10_000;
/** Failed starts in a row after which the supervisor gives up (a configuration or database problem, not a crash). */
const FAILED_STARTS_LIMIT = 3;
const RESTART_DELAY_MS = 1000;
const STOP_GRACE_MS = 15_000;

/**
 * WEB_CONCURRENCY > 1 (decision 96): this process only supervises. Each worker is a whole instance (its own
 * connection pool, job worker, page cache and limits) that shares the port through node:cluster and everything else
 * through PostgreSQL, as instances on separate machines do. A worker that dies is replaced after a second; workers
 * that cannot start stop the supervisor with an error. SIGTERM or SIGINT stops the workers cleanly, then exits.
 */
export function superviseInstances(count: number): Promise<never> {
  return new Promise<never>(() => {
    const servingSince = new Map<Worker, number>();
    let failedStarts = 0;
    let stopping = false;

    const fork = () => {
      const worker = cluster.fork();
      worker.once("listening", () => servingSince.set(worker, Date.now()));
    };

    const stopAll = (code: number) => {
      if (stopping) return;
      stopping = true;
      const workers = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined);
      if (workers.length === 0) process.exit(code);
      setTimeout(() => {
        for (const worker of workers) worker.process.kill("SIGKILL");
        process.exit(code || 1);
      }, STOP_GRACE_MS).unref();
      cluster.on("exit", () => {
        if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(code);
      });
      for (const worker of workers) worker.process.kill("SIGTERM");
    };

    cluster.on("exit", (worker, code, signal) => {
      if (stopping) return;
      const since = servingSince.get(worker);
      servingSince.delete(worker);
      const failedStart = since === undefined || Date.now() - since < HEALTHY_AFTER_MS;
      failedStarts = failedStart ? failedStarts + 1 : 0;
      if (failedStarts >= FAILED_STARTS_LIMIT) {
        logger.fatal({ pid: worker.process.pid, code, signal }, "les processus du serveur ne démarrent pas : arrêt");
        stopAll(1);
        return;
      }
      logger.error({ pid: worker.process.pid, code, signal }, "un processus du serveur s'est arrêté : il est remplacé");
      setTimeout(fork, RESTART_DELAY_MS);
    });
    for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, () => stopAll(0));

    for (let index = 0; index < count; index += 1) fork();
    logger.info({ instances: count }, "processus du serveur lancés");
  });
}
