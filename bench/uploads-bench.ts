// `npm run bench:uploads`: 10 parallel 30 MB uploads over HTTP through the upload pipeline (streaming multipart,
// sniffing, encryption, store, PDF check, row), against a server in its own process. Prints the throughput and the
// server's peak RSS growth over idle (target ≤ 64 MB). BENCH_DRIVER=s3 stores into an s3rver bucket instead of files;
// BENCH_NODE_FLAGS passes V8 flags to the server process (e.g. "--max-semi-space-size=2", which changed nothing here).
import { fork } from "node:child_process";
import { createReadStream } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { MAX_UPLOAD_BYTES } from "~/modules/files/upload-messages";
import { startS3Server } from "../tests/support/s3-server";
import { pdfFile } from "../tests/support/upload-fixtures";

const PARALLEL = Number(process.env.BENCH_PARALLEL ?? 10);
const SIZE = MAX_UPLOAD_BYTES;
const driver = process.env.BENCH_DRIVER === "s3" ? "s3" : "filesystem";

function upload(port: number, file: string, size: number): Promise<number> {
  const boundary = "----recours-bench";
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="document"; filename="releve.pdf"\r\nContent-Type: application/pdf\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: "127.0.0.1", port, path: "/upload", method: "POST", headers: { "content-type": `multipart/form-data; boundary=${boundary}`, "content-length": String(head.length + size + tail.length) } },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.write(head);
    const body = createReadStream(file);
    body.on("end", () => req.end(tail));
    body.pipe(req, { end: false });
  });
}

async function json(port: number, pathname: string): Promise<{ rss: number; peak?: number }> {
  const response = await fetch(`http://127.0.0.1:${port}${pathname}`);
  return (await response.json()) as { rss: number; peak?: number };
}

const dir = await mkdtemp(path.join(tmpdir(), "recours-bench-files-"));
const big = path.join(dir, "30mb.pdf");
const small = path.join(dir, "1mb.pdf");
await writeFile(big, await pdfFile({ padTo: SIZE }));
await writeFile(small, await pdfFile({ padTo: 1024 * 1024 }));
const s3 = driver === "s3" ? await startS3Server("recours-bench") : undefined;

const child = fork(path.resolve(import.meta.dirname, "uploads-server.ts"), {
  execArgv: ["--import", "tsx", "--expose-gc", ...(process.env.BENCH_NODE_FLAGS ?? "").split(" ").filter(Boolean)],
  env: { ...process.env, LOG_LEVEL: "silent", NODE_ENV: "test", ...(s3 ? { BENCH_S3_ENDPOINT: s3.endpoint, BENCH_S3_BUCKET: s3.bucket } : {}) },
});
const port = await new Promise<number>((resolve) => child.once("message", (message: { port: number }) => resolve(message.port)));

try {
  // Warm-up: modules loaded, pools open; then idle is measured after a full GC.
  for (let i = 0; i < 2; i += 1) if ((await upload(port, small, 1024 * 1024)) !== 201) throw new Error("échauffement refusé");
  await new Promise((resolve) => setTimeout(resolve, 300));
  const idle = (await json(port, "/memory/reset")).rss;
  const started = performance.now();
  const statuses = await Promise.all(Array.from({ length: PARALLEL }, () => upload(port, big, SIZE)));
  const seconds = (performance.now() - started) / 1000;
  const { peak } = await json(port, "/memory");
  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
  console.log(`driver: ${driver}`);
  console.log(`uploads: ${PARALLEL} × ${mb(SIZE)} MiB PDF, statuses ${[...new Set(statuses)].join(",")}`);
  console.log(`wall time: ${seconds.toFixed(2)} s, throughput: ${((PARALLEL * SIZE) / 1024 / 1024 / seconds).toFixed(1)} MiB/s`);
  console.log(`server RSS idle: ${mb(idle)} MiB, peak: ${mb(peak!)} MiB, growth: ${mb(peak! - idle)} MiB (target ≤ 64 MiB)`);
  if (statuses.some((status) => status !== 201)) process.exitCode = 1;
} finally {
  child.send("stop");
  await new Promise((resolve) => child.once("exit", resolve));
  await s3?.close();
  await rm(dir, { recursive: true, force: true });
}
