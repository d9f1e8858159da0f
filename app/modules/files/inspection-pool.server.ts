import { availableParallelism } from "node:os";
import { MessageChannel } from "node:worker_threads";
import { Piscina } from "piscina";
// libvips must stay loaded by the main thread while worker threads use it (sharp's documentation, glibc Linux).
import "sharp";
import { env } from "~/platform/env.server";
import { logger } from "~/platform/logger.server";
import { projectFile } from "~/platform/project-file.server";
import type { InspectedImage } from "./file-inspection.server";
import type { InspectionOutcome, InspectionTask } from "./inspection-tasks.server";
import { UploadError } from "./upload-error";

const WORKER_PATH = "app/modules/files/inspection-worker.mjs";

/** The worker entry, from the sources (dev, Vitest) or the server bundle (build/server/index.js). */
export function inspectionWorkerFile(): string {
  return projectFile(WORKER_PATH, import.meta.url);
}

export interface InspectionLimits {
  /** Worker threads; default cores − 1 (at least 1). */
  workers: number;
  /** Files waiting for a worker; one more is refused at once (503 in French). */
  queue: number;
  /** Past this, the worker is terminated and the file refused. */
  timeoutMs: number;
  /** V8 heap of each worker (old generation); past it the worker dies and the file is refused. */
  memoryMb: number;
}

export function defaultInspectionLimits(): InspectionLimits {
  return { workers: Math.max(1, availableParallelism() - 1), queue: 16, timeoutMs: 20_000, memoryMb: 512 };
}

/** A file's bytes, or how to read them: read only once admitted, so files waiting hold no memory. */
export type FileBytes = Uint8Array | (() => Promise<Uint8Array>);

export interface InspectionPool {
  inspectImage(data: FileBytes, field?: string): Promise<InspectedImage>;
  inspectHeic(data: FileBytes, field?: string): Promise<{ width: number; height: number }>;
  inspectPdf(data: FileBytes, field?: string): Promise<{ pageCount: number }>;
  /** A PDF too large to hold in memory, read chunk by chunk as the worker asks for them. */
  inspectPdfStream(open: () => Promise<AsyncIterable<Buffer | Uint8Array>>, field?: string): Promise<{ pageCount: number }>;
  convertHeic(data: FileBytes): Promise<InspectedImage>;
  /** Files being checked and files waiting for a worker. */
  load(): { running: number; waiting: number };
  close(): Promise<void>;
}

/** A bounded admission in front of the pool: memory for files read and waiting is bounded too. */
function admission(concurrency: number, queue: number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  admit.load = () => ({ running, waiting: waiting.length });
  return admit;
  async function admit<T>(work: () => Promise<T>): Promise<T> {
    if (running < concurrency) running += 1;
    else {
      if (waiting.length >= queue) throw new UploadError("inspectionBusy");
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  }
}

/**
 * Every check or transformation of an uploaded file runs here, off the main thread: at most `workers` threads, a
 * bounded queue, a time limit (the worker is terminated) and a heap limit (V8 kills the worker) per file. Native
 * memory (libvips, decoded pixels) is outside the heap limit: the header checks bound it before decoding.
 * `filename` replaces the worker entry (tests: a worker that crashes, hangs or runs out of memory).
 */
export function createInspectionPool(limits: Partial<InspectionLimits> = {}, filename = inspectionWorkerFile()): InspectionPool {
  const settings = { ...defaultInspectionLimits(), ...limits };
  let pool: Piscina<InspectionTask, InspectionOutcome> | undefined;
  const admit = admission(settings.workers, settings.queue);

  function threads() {
    pool ??= new Piscina<InspectionTask, InspectionOutcome>({
      filename,
      minThreads: 0,
      maxThreads: settings.workers,
      // The admission above keeps the pool's own queue empty; this is a backstop.
      maxQueue: settings.queue,
      // A HEIC decoder keeps its WebAssembly memory: an idle worker is let go rather than kept at its peak.
      idleTimeout: 15_000,
      resourceLimits: { maxOldGenerationSizeMb: settings.memoryMb, maxYoungGenerationSizeMb: 32 },
      // Not the parent's flags (`--import tsx`, inspector): the entry registers what it needs.
      execArgv: [],
      // Checks yield the CPU to the event loop's thread (Linux nice is per thread; @napi-rs/nice, piscina's own).
      niceIncrement: 10,
    });
    pool.on("error", (error: unknown) => logger.error({ err: error }, "fil de vérification des fichiers en erreur"));
    return pool;
  }

  async function run(task: InspectionTask, transferList: Transferable[], field: string | undefined, label: string): Promise<InspectionOutcome & { ok: true }> {
    const timeout = AbortSignal.timeout(settings.timeoutMs);
    let outcome: InspectionOutcome;
    const started = performance.now();
    try {
      outcome = await threads().run(task, { transferList: transferList as never, signal: timeout });
    } catch (error) {
      // Time limit (worker terminated), heap limit (ERR_WORKER_OUT_OF_MEMORY), a crash: the file is not checked.
      logger.warn({ err: error, task: label, ms: Math.round(performance.now() - started), timedOut: timeout.aborted }, "vérification de fichier interrompue");
      throw new UploadError("uncheckable", field, { cause: error });
    }
    if (!outcome.ok) throw new UploadError(outcome.problem, field);
    return outcome;
  }

  const asImage = (outcome: InspectionOutcome & { ok: true }): InspectedImage => {
    const image = outcome.image!;
    return { ...image, output: Buffer.from(image.output.buffer, image.output.byteOffset, image.output.byteLength) };
  };
  /** A task on a whole file; its bytes move to the worker without a copy when they own their memory. */
  async function runOn(kind: "image" | "heic" | "pdf" | "heic-convert", bytes: FileBytes, field: string | undefined) {
    const data = typeof bytes === "function" ? await bytes() : bytes;
    const owned = data.byteOffset === 0 && data.byteLength === data.buffer.byteLength && data.buffer instanceof ArrayBuffer;
    return run({ kind, data }, owned ? [data.buffer as ArrayBuffer] : [], field, kind);
  }

  return {
    inspectImage: (data, field) => admit(async () => asImage(await runOn("image", data, field))),
    inspectHeic: (data, field) =>
      admit(async () => {
        const { width, height } = await runOn("heic", data, field);
        return { width: width!, height: height! };
      }),
    inspectPdf: (data, field) => admit(async () => ({ pageCount: (await runOn("pdf", data, field)).pageCount! })),
    inspectPdfStream: (open, field) =>
      admit(async () => {
        const { port1, port2 } = new MessageChannel();
        const iterator = (await open())[Symbol.asyncIterator]();
        let readError: unknown;
        port1.on("message", () => {
          iterator.next().then(
            ({ value, done }) => port1.postMessage(done ? null : new Uint8Array(value as Uint8Array)),
            (error: unknown) => {
              readError = error;
              port1.postMessage({ failed: true });
            },
          );
        });
        try {
          return { pageCount: (await run({ kind: "pdf-stream", port: port2 }, [port2 as unknown as Transferable], field, "pdf-stream")).pageCount! };
        } catch (error) {
          // The store failing while the worker reads is the store's error (503), not the file's.
          if (readError) throw readError;
          throw error;
        } finally {
          port1.close();
          await iterator.return?.();
        }
      }),
    convertHeic: (data) => admit(async () => asImage(await runOn("heic-convert", data, undefined))),
    load: () => admit.load(),
    async close() {
      await pool?.destroy();
      pool = undefined;
    },
  };
}

let shared: InspectionPool | undefined;

/** The process's pool, created at first use with the INSPECTION_* settings. */
export function inspectionPool(): InspectionPool {
  if (!shared) {
    const settings = env();
    shared = createInspectionPool({
      workers: settings.INSPECTION_WORKERS,
      queue: settings.INSPECTION_QUEUE,
      timeoutMs: settings.INSPECTION_TIMEOUT_SECONDS * 1000,
      memoryMb: settings.INSPECTION_MEMORY_MB,
    });
  }
  return shared;
}
