// `npm run bench:data-export`: building one person's export ZIP through the storage gateway, as the job does — each
// file decrypted from the filesystem store when the archive reaches it, the ZIP encrypted into the store as it is
// written. BENCH_FILES files of BENCH_FILE_MB (random bytes: incompressible, like photos and PDFs) and a JSON with
// BENCH_MESSAGES messages. Prints the time, the throughput and the peak resident memory above the baseline.
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import type { Kysely } from "kysely";
import { masterKeyFrom } from "~/modules/files/envelope-encryption.server";
import { createFileStorage, type StoredFile } from "~/modules/files/files.server";
import { filesystemStore } from "~/modules/files/object-store.server";
import { zipExport } from "~/modules/privacy/data-export.server";
import type { Database } from "~/platform/database-schema";

const FILES = Number(process.env.BENCH_FILES ?? 40);
const FILE_MB = Number(process.env.BENCH_FILE_MB ?? 1.5);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 2000);

const dir = await mkdtemp(path.join(tmpdir(), "recours-export-bench-"));
const store = filesystemStore(dir);
await store.check();
const noDatabase = (() => {
  throw new Error("pas de base dans ce banc");
}) as unknown as () => Kysely<Database>;
const storage = createFileStorage({ db: noDatabase, store, keyring: { current: masterKeyFrom(randomBytes(32)), previous: [] } });

const files: { path: string; file: StoredFile }[] = [];
for (let i = 0; i < FILES; i += 1) {
  const id = randomUUID();
  const written = await storage.writeObject(id, Readable.from([randomBytes(Math.round(FILE_MB * 1_048_576))]));
  files.push({
    path: `fichiers/preuves/${String(i + 1).padStart(3, "0")}-capture-${i}.jpg`,
    file: {
      id,
      owner_id: "bench",
      object_name: written.objectName,
      original_name: `capture-${i}.jpg`,
      media_type: "image/jpeg",
      size_bytes: written.sizeBytes,
      key_id: written.keyId,
      wrapped_key: written.wrappedKey,
      nonce_prefix: written.noncePrefix,
      segment_bytes: written.segmentBytes,
      status: "ready",
      warnings: [],
      width: null,
      height: null,
      page_count: null,
      created_at: new Date(),
      updated_at: new Date(),
      deletion_requested_at: null,
      upload_scope: null,
    },
  });
}
const data = {
  messages: Array.from({ length: MESSAGES }, (_, i) => ({ from: i % 2 ? "vous" : "Maître Anne Martin", text: "Bonjour Maître, voici le relevé de mars. ".repeat(4), sent_at: new Date().toISOString() })),
};

global.gc?.();
const baseline = process.memoryUsage().rss;
let peak = baseline;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
const start = performance.now();
const written = await storage.writeObject(randomUUID(), zipExport({ data, files }, storage));
const ms = performance.now() - start;
clearInterval(sampler);
peak = Math.max(peak, process.memoryUsage().rss);
const megabytes = written.sizeBytes / 1_048_576;
console.log(
  JSON.stringify({
    files: FILES,
    fileMB: FILE_MB,
    messages: MESSAGES,
    zipMB: Number(megabytes.toFixed(1)),
    ms: Math.round(ms),
    MBperSecond: Number((megabytes / (ms / 1000)).toFixed(1)),
    peakRssAboveBaselineMB: Number(((peak - baseline) / 1_048_576).toFixed(1)),
  }),
);
await rm(dir, { recursive: true, force: true });
