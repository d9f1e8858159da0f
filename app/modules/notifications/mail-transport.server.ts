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
        logger.info({ to: email.to, subject: email.subject }, "email (développement) : enregistré, pas envoyé");
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
      });
    },
    close() {
      transporter.close();
    },
  };
}
