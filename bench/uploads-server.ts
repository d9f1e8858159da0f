// The server side of `npm run bench:uploads`, in its own process so its memory is measured alone: PGlite in memory,
// the chosen store (filesystem in a temporary folder, or S3 at BENCH_S3_* given by the parent), the real pipeline.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { masterKeyFrom } from "~/modules/files/envelope-encryption.server";
import { createFileStorage } from "~/modules/files/files.server";
import { filesystemStore, s3Store } from "~/modules/files/object-store.server";
import { receiveUpload } from "~/modules/files/upload-pipeline.server";
import { UploadError } from "~/modules/files/upload-error";
import { db } from "~/platform/runtime.server";
import { adaptClientToS3rver } from "../tests/support/s3-server";
import { insertTestUser } from "../tests/support/file-storage";
import { startTestRuntime } from "../tests/support/test-database";
import { webRequestFrom } from "../tests/support/upload-server";

const { stop } = await startTestRuntime("pglite");
const dataDir = await mkdtemp(path.join(tmpdir(), "recours-bench-"));
const store = process.env.BENCH_S3_ENDPOINT
  ? s3Store({ bucket: process.env.BENCH_S3_BUCKET!, region: "us-east-1", endpoint: process.env.BENCH_S3_ENDPOINT, accessKeyId: "S3RVER", secretAccessKey: "S3RVER", forcePathStyle: true })
  : filesystemStore(path.join(dataDir, "files"));
if ("client" in store) adaptClientToS3rver(store.client as never, process.env.BENCH_S3_BUCKET!);
await store.check();
const storage = createFileStorage({ db: db(), store, keyring: { current: masterKeyFrom(randomBytes(32)), previous: [] } });
const owner = await insertTestUser();

let peak = process.memoryUsage().rss;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 10);

const server = createServer((req, res) => {
  if (req.url === "/memory") {
    const rss = process.memoryUsage().rss;
    res.end(JSON.stringify({ rss, peak: Math.max(peak, rss) }));
    return;
  }
  if (req.url === "/memory/reset") {
    globalThis.gc?.();
    peak = process.memoryUsage().rss;
    res.end(JSON.stringify({ rss: peak }));
    return;
  }
  receiveUpload(webRequestFrom(req, res), { ownerId: owner, fileFields: { document: 1 }, storage }).then(
    (upload) => {
      res.writeHead(201, { "content-type": "application/json" });
      res.end(JSON.stringify({ id: upload.files[0]?.file.id, size: upload.files[0]?.file.size_bytes }));
    },
    (error: unknown) => {
      res.writeHead(error instanceof UploadError ? error.status : 500, { "content-type": "application/json" });
      res.end(JSON.stringify({ message: (error as Error).message }));
    },
  );
});
server.listen(0, "127.0.0.1", () => {
  process.send?.({ port: (server.address() as AddressInfo).port });
});
process.on("message", async (message) => {
  if (message !== "stop") return;
  clearInterval(sampler);
  server.close();
  await stop();
  await rm(dataDir, { recursive: true, force: true });
  process.exit(0);
});
