import type { Executor } from "~/platform/database-schema";
import type { Notice, NoticeChannel } from "./notice-channel";
import { smsChannel } from "./sms-channel.server";

/** The channels that follow each e-mail notice: SMS, when a provider is configured and the person opted in. */
const channelsAfterEmail: readonly NoticeChannel[] = [smsChannel];

/** Queues, in the caller's transaction, the notices of the other channels that follow this e-mail notice. */
export async function queueNoticesAfterEmail(executor: Executor, notice: Notice): Promise<void> {
  for (const channel of channelsAfterEmail) await channel.queue(executor, notice);
}
