import { createHash } from "node:crypto";
import PostalMime from "postal-mime";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string[];
  subject: string;
  html: string;
  text: string;
  messageId: string;
  /** Each attached file: its name, type and the SHA-256 of its bytes. */
  attachments: { filename: string; mimeType: string; sha256: string }[];
}

export interface SmtpSink {
  url: string;
  port: number;
  received: ReceivedMail[];
  /** Refuse the next n messages with a temporary SMTP error. */
  refuseNext(n: number): void;
  /**
   * Holds every message's final reply (after its DATA) until released: the sender waits mid-send. A message whose
   * sender disconnects while held is not kept (as a real server would not). Returns the release.
   */
  hold(): () => void;
  /** Messages currently held (their sender waiting). */
  held(): number;
  waitFor(predicate: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** A real SMTP server on a free loopback port that keeps what it receives (no TLS, no authentication). */
export function startSmtpSink(): Promise<SmtpSink> {
  return startSmtpSinkOn(0);
}

export async function startSmtpSinkOn(requestedPort: number): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  let refusals = 0;
  let holding: Promise<void> | undefined;
  let heldCount = 0;
  const closedSessions = new Set<string>();
  const server = new SMTPServer({
    onClose(session) {
      closedSessions.add(session.id);
    },
    disabledCommands: ["STARTTLS", "AUTH"],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", async () => {
        if (holding) {
          heldCount += 1;
          const socketGone = new Promise<"gone">((resolve) => {
            const check = setInterval(() => {
              if (closedSessions.has(session.id)) {
                clearInterval(check);
                resolve("gone");
              }
            }, 50);
            void holding?.then(() => clearInterval(check));
          });
          const outcome = await Promise.race([holding.then(() => "released" as const), socketGone]);
          heldCount -= 1;
          if (outcome === "gone") return;
        }
        if (refusals > 0) {
          refusals -= 1;
          const error = Object.assign(new Error("Service momentanément indisponible"), { responseCode: 451 });
          callback(error);
          return;
        }
        PostalMime.parse(Buffer.concat(chunks))
          .then((email) => {
            received.push({
              to: (email.to ?? []).map((address) => address.address ?? ""),
              subject: email.subject ?? "",
              html: email.html ?? "",
              text: email.text ?? "",
              messageId: email.messageId ?? "",
              attachments: email.attachments.map((attachment) => ({
                filename: attachment.filename ?? "",
                mimeType: attachment.mimeType,
                sha256: createHash("sha256")
                  .update(typeof attachment.content === "string" ? Buffer.from(attachment.content, "base64") : new Uint8Array(attachment.content))
                  .digest("hex"),
              })),
            });
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once("error", reject);
    server.listen(requestedPort, "127.0.0.1", () => {
      server.off("error", reject);
      const address = server.server.address();
      resolve(typeof address === "object" && address ? address.port : 0);
    });
  });
  // A sender killed mid-session (an instance stopped by a cluster test) resets its connection: smtp-server reports it
  // on the server, where an unheard "error" would be an uncaught exception in the test process.
  server.on("error", () => undefined);
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    refuseNext(n) {
      refusals = n;
    },
    hold() {
      let release!: () => void;
      holding = new Promise<void>((resolve) => (release = resolve));
      return () => {
        holding = undefined;
        release();
      };
    },
    held: () => heldCount,
    async waitFor(predicate, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.find(predicate);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`aucun email attendu reçu (${received.length} reçus)`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
