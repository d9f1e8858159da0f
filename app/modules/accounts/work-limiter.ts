/** Thrown when the limiter's queue is full: the caller answers 503 with Retry-After. */
export class WorkLimiterFullError extends Error {
  override name = "WorkLimiterFullError";
}

export interface WorkLimiter {
  run<T>(work: () => Promise<T>): Promise<T>;
  /** True when a new piece of work would be refused right now. */
  isFull(): boolean;
  readonly running: number;
  readonly waiting: number;
}

/**
 * At most `concurrency` pieces of work at once, at most `queueLimit` waiting (first come, first served); beyond
 * that, refused at once rather than queued without bound.
 */
export function createWorkLimiter(concurrency: number, queueLimit: number): WorkLimiter {
  let running = 0;
  const waiting: Array<() => void> = [];

  function release() {
    running -= 1;
    const next = waiting.shift();
    if (next) {
      running += 1;
      next();
    }
  }

  return {
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
    isFull() {
      return running >= concurrency && waiting.length >= queueLimit;
    },
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (running < concurrency) {
        running += 1;
      } else {
        if (waiting.length >= queueLimit) throw new WorkLimiterFullError("file d'attente pleine");
        await new Promise<void>((resolve) => waiting.push(resolve));
      }
      try {
        return await work();
      } finally {
        release();
      }
    },
  };
}
