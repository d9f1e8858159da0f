import { buildPersonalLink } from "~/modules/accounts/accounts.server";
import { createJobWorker } from "~/modules/jobs/jobs.server";
import { createEmailJobHandler, EMAIL_JOB, type MailTransport } from "~/modules/notifications/notifications.server";
import type { OutgoingEmail } from "~/modules/notifications/mail-transport.server";
import { db } from "~/platform/runtime.server";

/** Every email the test worker has sent in this process, oldest first. */
export const sentEmails: OutgoingEmail[] = [];

/** A transport that keeps each email in `sentEmails` instead of sending it. */
export const capturingTransport: MailTransport = {
  kind: "development",
  async send(email) {
    sentEmails.push(email);
  },
  close() {},
};

/** Runs the queued email jobs as the real worker would (links made at send time) and keeps what they sent. */
export async function deliverQueuedEmails(): Promise<void> {
  const worker = createJobWorker({
    database: db(),
    handlers: { [EMAIL_JOB]: createEmailJobHandler(capturingTransport, { personalLink: buildPersonalLink }) },
    retryBaseSeconds: 0,
  });
  await worker.drain();
}

/** The personal link (path such as "/verifier-email") of the newest email sent to an address, after delivering the queue. */
export async function latestLink(to: string, path: string): Promise<string> {
  await deliverQueuedEmails();
  const pattern = new RegExp(`https?://[^\\s"<>]*${path.replace(/[/?]/g, "\\$&")}\\?token=[^\\s"<>]+`);
  for (const email of [...sentEmails].reverse()) {
    if (email.to !== to) continue;
    const link = pattern.exec(email.text)?.[0];
    if (link) return link;
  }
  throw new Error(`aucun email avec ${path} pour ${to}`);
}
