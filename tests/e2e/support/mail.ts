import { expect } from "@playwright/test";

/** Same ports as playwright.config.ts: the app's port + 2 is the test mailbox's HTTP API. */
const MAILBOX = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3210) + 2}`;

export interface ReceivedMail {
  to: string[];
  subject: string;
  html: string;
  text: string;
  attachments: { filename: string; mimeType: string; sha256: string }[];
}

/** Waits for an email to an address whose subject matches, as the real SMTP server received it. */
export async function waitForMail(to: string, subject: RegExp): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await (await fetch(`${MAILBOX}/messages?to=${encodeURIComponent(to)}`)).json()) as ReceivedMail[];
        found = mails.filter((mail) => subject.test(mail.subject)).at(-1);
        return found !== undefined;
      },
      { message: `email « ${subject.source} » pour ${to}`, timeout: 20_000 },
    )
    .toBe(true);
  return found!;
}

export async function mailCount(to: string, subject: RegExp): Promise<number> {
  const mails = (await (await fetch(`${MAILBOX}/messages?to=${encodeURIComponent(to)}`)).json()) as ReceivedMail[];
  return mails.filter((mail) => subject.test(mail.subject)).length;
}

/** The first link of the site in an email's text part. */
export function linkIn(mail: ReceivedMail, path: string): string {
  const match = new RegExp(`https?://[^\\s]+${path.replace(/[/?]/g, "\\$&")}[^\\s]*`).exec(mail.text);
  if (!match) throw new Error(`pas de lien ${path} dans « ${mail.subject} »`);
  return match[0];
}
