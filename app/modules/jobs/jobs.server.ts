import { randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { Database, Executor } from "~/platform/database-schema";
import { logger } from "~/platform/logger.server";

/** A database handle or an open transaction: enqueue inside the transaction of the change that causes the job. */

export interface NewJob {
  kind: string;
  payload: Record<string, unknown>;
  maxAttempts?: number;
  runAt?: Date;
}

export async function enqueueJob(executor: Executor, job: NewJob): Promise<number> {
  const row = await executor
    .insertInto("jobs")
    .values({
      kind: job.kind,
      payload: JSON.stringify(job.payload),
      ...(job.maxAttempts ? { max_attempts: job.maxAttempts } : {}),
      ...(job.runAt ? { run_at: job.runAt } : {}),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Makes sure one run of the single-payload job `kind` is queued (at `runAt` if none is). Several instances may call
 * it at once: a transaction-level advisory lock makes the check and the insert one step across them.
 */
export async function ensureJobScheduled(database: Kysely<Database>, kind: string, runAt: Date): Promise<boolean> {
  return database.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${kind}))`.execute(trx);
    const queued = await trx.selectFrom("jobs").select("id").where("kind", "=", kind).where("status", "=", "queued").executeTakeFirst();
    if (queued) return false;
    await enqueueJob(trx, { kind, payload: {}, maxAttempts: 1, runAt });
    return true;
  });
}

let enqueuedListener: (() => void) | undefined;

/** The in-process worker registers here so that a committed job runs at once rather than at the next poll. */
export function onJobsEnqueued(listener: (() => void) | undefined): void {
  enqueuedListener = listener;
}

/** Call after the transaction that enqueued jobs has committed. */
export function jobsEnqueued(): void {
  enqueuedListener?.();
}

export interface ClaimedJob {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  /** 1 on the first run. */
  attempt: number;
  maxAttempts: number;
}

/**
 * Runs one job. Must be idempotent: delivery is at least once (a worker can die after the effect and before the job
 * is marked done). A thrown error schedules a retry, or fails the job after its last attempt.
 */
export type JobHandler = {
  (job: ClaimedJob, database: Kysely<Database>): Promise<void>;
  /**
   * Runs once the job has failed for good: an error on its last attempt, a PermanentJobError, or a job whose worker
   * died on every attempt (leased again until none is left). It leaves the job's subject in a final state (a photo
   * marked unreadable, say); if it throws, it runs again at a later round. Must be idempotent too.
   */
  failed?: (job: ClaimedJob, database: Kysely<Database>, error: unknown) => Promise<void>;
};

/** A failure that retrying cannot fix (unknown kind, malformed payload): the job fails at once. */
export class PermanentJobError extends Error {
  override name = "PermanentJobError";
}

export interface WorkerOptions {
  database: Kysely<Database>;
  handlers: Record<string, JobHandler>;
  /** How often an idle worker looks for due jobs. */
  pollMilliseconds?: number;
  /** A claimed job not finished after this long is considered abandoned (its worker died) and runs again. */
  leaseSeconds?: number;
  /** Jobs claimed per round; each worker runs them one after the other. */
  batchSize?: number;
  /** Delay before retry n (1-based): base × 2^(n-1), capped. */
  retryBaseSeconds?: number;
  retryMaxSeconds?: number;
}

export function retryDelaySeconds(attempt: number, baseSeconds: number, maxSeconds: number): number {
  return Math.min(maxSeconds, baseSeconds * 2 ** Math.max(0, attempt - 1));
}

export interface JobWorker {
  readonly id: string;
  start(): void;
  /** Looks for due jobs now instead of at the next poll. */
  nudge(): void;
  /** Claims and runs due jobs until none is left; returns how many ran. */
  drain(): Promise<number>;
  /** Stops polling and waits for the job in progress. */
  stop(): Promise<void>;
}

interface OutageLog {
  error(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  info(fields: object, message: string): void;
}

/**
 * While the queue's database cannot be reached, a worker polling every second would log an error every second: the
 * first failure is logged, then one reminder a minute, and the return once.
 */
export function queueOutageReporter(log: OutageLog, now: () => number = Date.now, reminderMilliseconds = 60_000) {
  let since: number | undefined;
  let lastLogged = 0;
  let failures = 0;
  return {
    failed(error: unknown): void {
      const at = now();
      failures += 1;
      if (since === undefined) {
        since = at;
        lastLogged = at;
        log.error({ err: error }, "la file de tâches est injoignable");
      } else if (at - lastLogged >= reminderMilliseconds) {
        lastLogged = at;
        log.warn({ err: error, failures, downForSeconds: Math.round((at - since) / 1000) }, "la file de tâches est toujours injoignable");
      }
    },
    succeeded(): void {
      if (since === undefined) return;
      log.info({ failures, downForSeconds: Math.round((now() - since) / 1000) }, "la file de tâches est de nouveau joignable");
      since = undefined;
      failures = 0;
    },
  };
}

export function createJobWorker(options: WorkerOptions): JobWorker {
  const id = `worker-${randomUUID()}`;
  const database = options.database;
  const pollMilliseconds = options.pollMilliseconds ?? 1000;
  const leaseSeconds = options.leaseSeconds ?? 120;
  const batchSize = options.batchSize ?? 10;
  const retryBase = options.retryBaseSeconds ?? 30;
  const retryMax = options.retryMaxSeconds ?? 3600;
  let running = false;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<number> | undefined;
  const outage = queueOutageReporter(logger);

  /** Puts back the jobs whose lease ran out, then claims due ones; SKIP LOCKED keeps two workers off the same row. */
  async function claim(): Promise<ClaimedJob[]> {
    await sql`
      UPDATE jobs SET status = 'queued', locked_by = NULL, locked_until = NULL
      WHERE status = 'running' AND locked_until < now()`.execute(database);
    const result = await sql<{ id: string | number; kind: string; payload: unknown; attempts: number; max_attempts: number }>`
      UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_by = ${id},
        locked_until = now() + make_interval(secs => ${leaseSeconds})
      WHERE id IN (
        SELECT id FROM jobs WHERE status = 'queued' AND run_at <= now()
        ORDER BY run_at, id LIMIT ${batchSize} FOR UPDATE SKIP LOCKED
      )
      RETURNING id, kind, payload, attempts, max_attempts`.execute(database);
    return result.rows
      .map((row) => ({
        id: Number(row.id),
        kind: row.kind,
        payload: (typeof row.payload === "string" ? JSON.parse(row.payload) : row.payload) as Record<string, unknown>,
        attempt: row.attempts,
        maxAttempts: row.max_attempts,
      }))
      .sort((a, b) => a.id - b.id);
  }

  async function runOne(job: ClaimedJob): Promise<void> {
    const handler = options.handlers[job.kind];
    try {
      if (!handler) throw new PermanentJobError(`aucun traitement pour les tâches « ${job.kind} »`);
      // Claimed once more than allowed: each attempt ended with its worker gone (killed, out of memory) and the lease
      // ran out. Running it again could kill this worker too.
      if (job.attempt > job.maxAttempts) throw new PermanentJobError(`abandonnée : le processus s'est arrêté pendant chacun des ${job.maxAttempts} essais`);
      await handler(job, database);
      await database
        .updateTable("jobs")
        .set({ status: "done", finished_at: new Date(), locked_by: null, locked_until: null, last_error: null })
        .where("id", "=", job.id)
        .where("locked_by", "=", id)
        .execute();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      let final = error instanceof PermanentJobError || job.attempt >= job.maxAttempts;
      if (final && handler?.failed) {
        try {
          await handler.failed(job, database, error);
        } catch (hookError) {
          logger.error({ jobId: job.id, kind: job.kind, err: hookError }, "échec définitif d'une tâche non traité, nouvel essai prévu");
          final = false;
        }
      }
      const delay = retryDelaySeconds(job.attempt, retryBase, retryMax);
      await database
        .updateTable("jobs")
        .set({
          status: final ? "failed" : "queued",
          last_error: message.slice(0, 4000),
          locked_by: null,
          locked_until: null,
          ...(final ? { finished_at: new Date() } : { run_at: new Date(Date.now() + delay * 1000) }),
        })
        .where("id", "=", job.id)
        .where("locked_by", "=", id)
        .execute();
      const log = { jobId: job.id, kind: job.kind, attempt: job.attempt, err: error };
      if (final) logger.error(log, "tâche en échec définitif");
      else logger.warn({ ...log, retryInSeconds: delay }, "tâche en échec, nouvel essai prévu");
    }
  }

  async function drainOnce(): Promise<number> {
    let count = 0;
    for (;;) {
      const jobs = await claim();
      if (jobs.length === 0) return count;
      for (const job of jobs) {
        await runOne(job);
        count += 1;
      }
    }
  }

  function drain(): Promise<number> {
    // One round at a time in this worker; a job enqueued during a round is found by its next claim.
    round ??= drainOnce().finally(() => {
      round = undefined;
    });
    return round;
  }

  function schedule(delay: number) {
    if (!running) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      drain()
        .then(
          () => outage.succeeded(),
          (error: unknown) => outage.failed(error),
        )
        .finally(() => schedule(pollMilliseconds));
    }, delay);
    timer.unref?.();
  }

  return {
    id,
    start() {
      if (running) return;
      running = true;
      schedule(0);
    },
    nudge() {
      if (running && !round) schedule(0);
    },
    drain,
    async stop() {
      running = false;
      clearTimeout(timer);
      timer = undefined;
      await round?.catch(() => undefined);
    },
  };
}
