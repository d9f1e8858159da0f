import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createReadableStreamFromReadable } from "@react-router/node";
import { receiveUpload, type UploadOptions } from "~/modules/files/upload-pipeline.server";
import { UploadError } from "~/modules/files/upload-error";

/** The Web Request a React Router action receives for this Node request (body streamed, aborted on disconnect). */
export function webRequestFrom(req: IncomingMessage, res: ServerResponse): Request {
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === "string") headers.set(name, value);
  }
  return new Request(`http://${req.headers.host ?? "localhost"}${req.url ?? "/"}`, {
    method: req.method,
    headers,
    body: createReadableStreamFromReadable(req),
    signal: controller.signal,
    // @ts-expect-error Node's fetch needs it for a streamed body
    duplex: "half",
  });
}

export interface UploadTestServer {
  url: string;
  server: Server;
  /** Settles when the request in progress has been fully handled (success or failure). */
  handled(): Promise<void>;
  close(): Promise<void>;
}

/** POST /upload runs the pipeline as an action would: 201 with the files, or the UploadError's status and message. */
export async function startUploadServer(options: () => UploadOptions): Promise<UploadTestServer> {
  let inFlight: Promise<void>[] = [];
  const server = createServer((req, res) => {
    const work = (async () => {
      try {
        const upload = await receiveUpload(webRequestFrom(req, res), options());
        res.writeHead(201, { "content-type": "application/json" });
        res.end(JSON.stringify({ files: upload.files.map(({ field, file }) => ({ field, id: file.id, mediaType: file.media_type, name: file.original_name, status: file.status, warnings: file.warnings, size: file.size_bytes })), fields: upload.fields }));
      } catch (error) {
        const status = error instanceof UploadError ? error.status : 500;
        const message = error instanceof UploadError ? error.message : "Erreur inattendue";
        if (!res.headersSent && !res.destroyed) {
          res.writeHead(status, { "content-type": "application/json", connection: "close" });
          res.end(JSON.stringify({ message, problem: error instanceof UploadError ? error.problem : "error" }));
        }
      }
    })();
    inFlight.push(work);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    async handled() {
      const current = inFlight;
      inFlight = [];
      await Promise.allSettled(current);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
