import { Piscina } from "piscina";
import { logger } from "~/platform/logger.server";
import { projectFile } from "~/platform/project-file.server";
import type { SealOutcome, SealTask } from "./seal-task.server";

const WORKER_PATH = "app/modules/agreements/seal-worker.mjs";

/** The worker entry from the sources (dev, Vitest) or from the server bundle. */
export function sealWorkerFile(): string {
  return projectFile(WORKER_PATH, import.meta.url);
}

export interface SealLimits {
  /** Seals at once (threads). Seals come from jobs, one or two at a time: one thread is enough. */
  workers: number;
  /** Seals waiting for a thread; one more fails at once (the job tries again later). */
  queue: number;
  /** Past this the thread is terminated and the seal fails (a timestamp authority that does not answer, say). */
  timeoutMs: number;
  /** V8 heap of the thread. */
  memoryMb: number;
}

export const DEFAULT_SEAL_LIMITS: SealLimits = { workers: 1, queue: 32, timeoutMs: 60_000, memoryMb: 512 };

export class SealError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "SealError";
  }
}

export interface SealPool {
  seal(task: SealTask): Promise<Uint8Array>;
  close(): Promise<void>;
}

/**
 * Appending the evidence page and signing run in a worker thread with a time and a heap limit (decision 0078), as
 * file checks do (decision 0061). `filename` replaces the worker entry in tests.
 */
export function createSealPool(limits: Partial<SealLimits> = {}, filename = sealWorkerFile()): SealPool {
  const settings = { ...DEFAULT_SEAL_LIMITS, ...limits };
  let pool: Piscina<SealTask, SealOutcome> | undefined;
  const threads = () => {
    if (!pool) {
      pool = new Piscina<SealTask, SealOutcome>({
        filename,
        minThreads: 0,
        maxThreads: settings.workers,
        maxQueue: settings.queue,
        idleTimeout: 30_000,
        resourceLimits: { maxOldGenerationSizeMb: settings.memoryMb, maxYoungGenerationSizeMb: 32 },
        execArgv: [],
        niceIncrement: 10,
      });
      pool.on("error", (error: unknown) => logger.error({ err: error }, "fil de scellement des conventions en erreur"));
    }
    return pool;
  };
  return {
    async seal(task) {
      const timeout = AbortSignal.timeout(settings.timeoutMs);
      const started = performance.now();
      let outcome: SealOutcome;
      try {
        outcome = await threads().run(task, { signal: timeout });
      } catch (error) {
        const ms = Math.round(performance.now() - started);
        logger.warn({ err: error, ms, timedOut: timeout.aborted }, "scellement de convention interrompu");
        throw new SealError(timeout.aborted ? `Scellement interrompu après ${settings.timeoutMs} ms` : "Scellement interrompu (fil de travail arrêté)", { cause: error });
      }
      if (!outcome.ok) throw new SealError(`Scellement impossible : ${outcome.message}`);
      return outcome.sealed;
    },
    async close() {
      await pool?.destroy();
      pool = undefined;
    },
  };
}

let shared: SealPool | undefined;

export function sealPool(): SealPool {
  shared ??= createSealPool();
  return shared;
}
