import { Agent, request, type IncomingHttpHeaders } from "node:http";
import { gunzipSync } from "node:zlib";
import { siteOrigin } from "../../tests/support/production-server";

/**
 * The benches' HTTP client: node:http, kept-alive connections, gzip accepted as a browser does, nothing decoded until
 * the answer is whole. Not fetch(): its Request, Response and stream objects outlive the young generation (undici
 * registers them for finalization), and the client's own collections, every twenty requests or so on the larger
 * pages, landed inside the measured times (docs/operations.md, "The p95 tail was the client's").
 */
export interface BenchAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body as it came over the wire. */
  raw: Buffer;
}

export interface BenchRequest {
  method?: "GET" | "POST";
  cookie?: string;
  headers?: Record<string, string>;
  body?: string;
  /** A loopback address of the request's own (per-address limits); its connection is not kept. */
  localAddress?: string;
}

const keptAlive = new Agent({ keepAlive: true });

export function benchRequest(baseUrl: string, pathname: string, init: BenchRequest = {}): Promise<BenchAnswer> {
  return sendOnce(baseUrl, pathname, init, true);
}

function sendOnce(baseUrl: string, pathname: string, init: BenchRequest, mayRetry: boolean): Promise<BenchAnswer> {
  const target = new URL(pathname, baseUrl);
  const method = init.method ?? (init.body === undefined ? "GET" : "POST");
  const headers: Record<string, string | number> = { "accept-encoding": "gzip", ...init.headers };
  if (init.cookie) headers.cookie = init.cookie;
  if (init.body !== undefined) headers["content-length"] = Buffer.byteLength(init.body);
  // As a browser does for any post: the server refuses a state-changing request without it (decision 63).
  if (method !== "GET" && !("origin" in headers)) headers.origin = siteOrigin(baseUrl);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method,
        headers,
        ...(init.localAddress ? { localAddress: init.localAddress, agent: false } : { agent: keptAlive }),
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
        incoming.on("end", () => resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, raw: Buffer.concat(chunks) }));
        incoming.on("error", reject);
      },
    );
    outgoing.on("error", (error: NodeJS.ErrnoException) => {
      // A kept connection the server closed as it went idle (its keep-alive timeout), met by this request before any
      // answer: the request never reached the application, and is sent again once on a new connection, as browsers do.
      if (mayRetry && outgoing.reusedSocket && (error.code === "ECONNRESET" || error.code === "EPIPE")) {
        resolve(sendOnce(baseUrl, pathname, init, false));
        return;
      }
      reject(error);
    });
    outgoing.end(init.body);
  });
}

/** The body a browser would read (unzipped). */
export function bodyOf(answer: BenchAnswer): Buffer {
  return answer.headers["content-encoding"] === "gzip" ? gunzipSync(answer.raw) : answer.raw;
}

/** The Set-Cookie headers of an answer. */
export function setCookiesOf(answer: BenchAnswer): string[] {
  return answer.headers["set-cookie"] ?? [];
}
