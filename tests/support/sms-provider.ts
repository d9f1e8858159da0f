import { createServer, type IncomingMessage, type Server } from "node:http";

export interface ReceivedSms {
  authorization: string | undefined;
  contentType: string | undefined;
  body: { to?: unknown; text?: unknown; id?: unknown; from?: unknown };
  /** The HTTP status this request was answered with. */
  answered: number;
}

export interface FakeSmsProvider {
  /** SMS_PROVIDER_URL for the app. */
  url: string;
  /** SMS_PROVIDER_TOKEN for the app. */
  token: string;
  /** Every request, in order, with the status it got. */
  received: ReceivedSms[];
  /** The next requests are answered with these statuses, one each (then 200 again). */
  answerNext(...statuses: number[]): void;
  /** The next request gets no answer at all for this long (a provider that hangs). */
  hangNext(milliseconds: number): void;
  /** The SMS accepted (answered 2xx) for this number. */
  deliveredTo(e164: string): ReceivedSms[];
  reset(): void;
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => (text += chunk));
    request.on("end", () => resolve(text));
    request.on("error", reject);
  });
}

/**
 * A local stand-in for an SMS provider (decision 0087): a real HTTP server on an ephemeral port of 127.0.0.1 that
 * records each POST and answers 200, or what the test asked for.
 */
export async function startFakeSmsProvider(token = "fake-sms-provider-token-0123456789"): Promise<FakeSmsProvider> {
  const received: ReceivedSms[] = [];
  let statuses: number[] = [];
  let hang = 0;
  const server: Server = createServer((request, response) => {
    void readBody(request).then((text) => {
      let body: ReceivedSms["body"] = {};
      try {
        body = JSON.parse(text) as ReceivedSms["body"];
      } catch {
        // recorded as an empty body
      }
      const wait = hang;
      hang = 0;
      const status = statuses.shift() ?? (request.headers.authorization === `Bearer ${token}` ? 200 : 401);
      received.push({ authorization: request.headers.authorization, contentType: request.headers["content-type"], body, answered: status });
      setTimeout(() => {
        if (response.destroyed) return;
        response.writeHead(status, { "content-type": "application/json" });
        response.end(JSON.stringify(status < 300 ? { id: body.id, status: "queued" } : { error: "refusé", to: body.to }));
      }, wait);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("pas d'adresse");
  return {
    url: `http://127.0.0.1:${address.port}/v1/sms`,
    token,
    received,
    answerNext: (...next) => {
      statuses = next;
    },
    hangNext: (milliseconds) => {
      hang = milliseconds;
    },
    deliveredTo: (e164) => received.filter((sms) => sms.body.to === e164 && sms.answered < 300),
    reset: () => {
      received.length = 0;
      statuses = [];
      hang = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
