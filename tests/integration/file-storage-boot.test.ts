import { statSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFileStorage, useFileStorage } from "~/modules/files/files.server";
import { loadKeyring } from "~/platform/keyring.server";
import { uploadBodyLimit } from "~/modules/files/upload-routes";
import { MAX_UPLOAD_BYTES } from "~/modules/files/upload-messages";
import { parseEnv } from "~/platform/env.server";
import { ensureProductionBuild, startProductionServer } from "../support/production-server";
import { startS3Server, type TestS3Server } from "../support/s3-server";

const key = Buffer.alloc(32, 3).toString("base64");
const older = Buffer.alloc(32, 4).toString("hex");

describe("storage keys and drivers at boot", () => {
  let dataDir: string;
  let s3: TestS3Server;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "recours-boot-"));
    s3 = await startS3Server("recours-boot");
  });
  afterAll(async () => {
    useFileStorage(undefined);
    await s3?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("generates the master key into DATA_DIR on first start (owner-only), and reads the same one after", async () => {
    const first = loadKeyring(parseEnv({ DATA_DIR: dataDir }));
    const file = path.join(dataDir, "storage-master-key");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect((await readFile(file, "utf8")).trim()).toHaveLength(44);
    const second = loadKeyring(parseEnv({ DATA_DIR: dataDir }));
    expect(second.current.id).toBe(first.current.id);
    expect(second.current.key).toEqual(first.current.key);
  });

  it("requires STORAGE_MASTER_KEY with DATABASE_URL, and takes previous keys for rotation", () => {
    expect(() => loadKeyring(parseEnv({ DATABASE_URL: "postgres://localhost/recours" }))).toThrow(
      /STORAGE_MASTER_KEY : requis avec DATABASE_URL/,
    );
    const keyring = loadKeyring(
      parseEnv({ DATABASE_URL: "postgres://localhost/recours", STORAGE_MASTER_KEY: key, STORAGE_PREVIOUS_MASTER_KEYS: older }),
    );
    expect(keyring.current.key).toEqual(Buffer.from(key, "base64"));
    expect(keyring.previous.map((k) => k.key)).toEqual([Buffer.from(older, "hex")]);
  });

  it("refuses to start on a files directory that cannot be written", async () => {
    const broken = await mkdtemp(path.join(tmpdir(), "recours-boot-broken-"));
    await writeFile(path.join(broken, "files"), "pas un dossier");
    await expect(startFileStorage(parseEnv({ DATA_DIR: broken, STORAGE_MASTER_KEY: key }), () => undefined as never)).rejects.toThrow(
      /Configuration invalide :\n {2}- DATA_DIR : le dossier .* n'est pas accessible en écriture/,
    );
    await rm(broken, { recursive: true, force: true });
  });

  it("checks the bucket at boot: a reachable bucket starts, a wrong bucket or endpoint does not", async () => {
    const good = parseEnv({ ...s3.env, STORAGE_MASTER_KEY: key });
    const storage = await startFileStorage(good, () => undefined as never);
    expect(storage.store.kind).toBe("s3");
    await expect(startFileStorage(parseEnv({ ...s3.env, S3_BUCKET: "inconnu", STORAGE_MASTER_KEY: key }), () => undefined as never)).rejects.toThrow(
      /Configuration invalide :\n {2}- S3_BUCKET : accès impossible dans le bucket inconnu/,
    );
    await expect(
      startFileStorage(parseEnv({ ...s3.env, S3_ENDPOINT: "http://127.0.0.1:9", STORAGE_MASTER_KEY: key }), () => undefined as never),
    ).rejects.toThrow(/Configuration invalide/);
  });

  it("upload routes get a body limit for their files; every other route keeps the general one", () => {
    expect(uploadBodyLimit("/verify-identity")).toBeGreaterThan(2 * MAX_UPLOAD_BYTES);
    expect(uploadBodyLimit("/verify-identity")).toBeLessThan(3 * MAX_UPLOAD_BYTES);
    expect(uploadBodyLimit("/connexion")).toBeUndefined();
    expect(uploadBodyLimit("/verify-identity-x")).toBeUndefined();
  });
});

describe("the HTTP server with storage", () => {
  beforeAll(() => ensureProductionBuild(), 180_000);

  it("creates the key and the files folder at first start; 1 MiB limit stays outside upload routes", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "recours-boot-http-"));
    const server = await startProductionServer({ DATA_DIR: dataDir });
    try {
      expect(statSync(path.join(dataDir, "storage-master-key")).isFile()).toBe(true);
      expect(statSync(path.join(dataDir, "files")).isDirectory()).toBe(true);
      const big = new FormData();
      big.append("recto", new Blob([new Uint8Array(2 * 1024 * 1024)]), "a.pdf");
      const elsewhere = await fetch(`${server.baseUrl}/connexion`, { method: "POST", body: big, redirect: "manual" });
      expect(elsewhere.status).toBe(413);
      const upload = await fetch(`${server.baseUrl}/verify-identity`, { method: "POST", body: big, redirect: "manual", headers: { origin: server.baseUrl } });
      expect(upload.status).not.toBe(413);
      expect(upload.status).toBeLessThan(500);
    } finally {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it("refuses to start with DATABASE_URL and no STORAGE_MASTER_KEY", async () => {
    const start = startProductionServer({
      DATABASE_URL: "postgres://postgres@127.0.0.1:1/none",
      AUTH_SECRET: "boot-secret-boot-secret-boot-secret-0123456",
      STORAGE_MASTER_KEY: "",
    });
    await expect(start).rejects.toThrow(/STORAGE_MASTER_KEY : requis avec DATABASE_URL/);
  }, 60_000);
});
