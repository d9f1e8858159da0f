import { mkdtemp, rm } from "node:fs/promises";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import type { S3Client } from "@aws-sdk/client-s3";
// @ts-expect-error s3rver ships no types
import S3rver from "@20minutes/s3rver";

export interface TestS3Server {
  endpoint: string;
  bucket: string;
  /** Where s3rver keeps the objects (to look for plaintext in them). */
  directory: string;
  env: Record<string, string>;
  /** Stops answering at once (open connections cut), for fault tests; `start()` brings it back on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

/** An S3-protocol server on a free port (checks signatures and expiry like S3), with one empty bucket. */
export async function startS3Server(bucket = "recours-test"): Promise<TestS3Server> {
  const directory = await mkdtemp(path.join(tmpdir(), "recours-s3-"));
  let port = 0;
  let server: { run(): Promise<{ port: number }>; close(): Promise<void>; httpServer?: Server } | undefined;
  const start = async () => {
    server = new S3rver({ address: "127.0.0.1", port, silent: true, directory, configureBuckets: [{ name: bucket }] });
    const address = await server!.run();
    port = address.port;
  };
  const stop = async () => {
    const running = server;
    server = undefined;
    if (!running) return;
    running.httpServer?.closeAllConnections();
    await running.close();
  };
  await start();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    directory,
    env: {
      STORAGE_DRIVER: "s3",
      S3_BUCKET: bucket,
      S3_REGION: "us-east-1",
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_FORCE_PATH_STYLE: "true",
    },
    stop,
    start,
    async close() {
      await stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/**
 * s3rver signs bucket-level requests (listing) as "/bucket" where the SDK signs "/bucket/": strip the trailing slash
 * before signing so listing works against it. Real S3 needs no such thing; object requests are unaffected.
 */
export function adaptClientToS3rver(client: S3Client, bucket: string): void {
  client.middlewareStack.add(
    (next) => async (args) => {
      const request = args.request as { path?: string };
      if (request.path === `/${bucket}/`) request.path = `/${bucket}`;
      return next(args);
    },
    { step: "build", name: "s3rverBucketPath" },
  );
}

/** Every file under a directory, recursively (to search for plaintext markers). */
export async function* filesUnder(directory: string): AsyncGenerator<string> {
  const { readdir } = await import("node:fs/promises");
  let entries;
  try {
    entries = await readdir(directory, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}
