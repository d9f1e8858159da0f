import type { Executor } from "~/platform/database-schema";

/** One notice of an event to one person (decision 0087). The event is named by its e-mail's template key. */
export interface Notice {
  template: string;
  /** The person's address. */
  to: string;
  /** The person's profile id, when the caller has it (else a channel finds the person by address). */
  userId?: string;
}

/**
 * A way of telling one person about one event. `queue` runs in the caller's transaction and queues the channel's
 * job (the notice leaves only if that transaction commits), or queues nothing when the channel has nothing to send
 * for this notice; it answers the job's id or null. E-mail is the first channel (notifications.server.ts,
 * `enqueueEmail`); the others follow each e-mail notice.
 */
export interface NoticeChannel<N extends Notice = Notice> {
  readonly name: string;
  queue(executor: Executor, notice: N): Promise<number | null>;
}
