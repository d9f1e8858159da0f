import nodemailer from "nodemailer";
import type { EmailTransportKind } from "~/platform/database-schema";
import type { Env } from "~/platform/env.server";
import { logger } from "~/platform/logger.server";

export interface OutgoingEmail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Stable per job, so a receiving server can recognise a repeat. */
  messageId: string;
  /** Files attached (a filing receipt's PDF), read by the e-mail job when it runs. */
  attachments?: OutgoingAttachment[];
}

export interface OutgoingAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface MailTransport {
  kind: EmailTransportKind;
  send(email: OutgoingEmail): Promise<void>;
  close(): void;
}

/** SMTP when SMTP_URL is set; otherwise a development transport that keeps the message and prints one log line. */
export function createMailTransport(env: Pick<Env, "SMTP_URL" | "MAIL_FROM">): MailTransport {
  if (!env.SMTP_URL) {
    return {
      kind: "development",
      async send(email) {
        const attachments = email.attachments?.map((attachment) => `${attachment.filename} (${attachment.content.length} octets)`);
        logger.info({ to: email.to, subject: email.subject, ...(attachments ? { attachments } : {}) }, "email (développement) : enregistré, pas envoyé");
      },
      close() {},
    };
  }
  const url = new URL(env.SMTP_URL);
  const secure = url.protocol === "smtps:";
  const transporter = nodemailer.createTransport({
    host: url.hostname,
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    ...(url.username ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } } : {}),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    kind: "smtp",
    async send(email) {
      await transporter.sendMail({
        from: env.MAIL_FROM,
        to: email.to,
        subject: email.subject,
        html: email.html,
        text: email.text,
        messageId: email.messageId,
        ...(email.attachments ? { attachments: email.attachments.map(({ filename, content, contentType }) => ({ filename, content, contentType })) } : {}),
      });
    },
    close() {
      transporter.close();
    },
  };
}
