/**
 * DATA_DIR is private (issue 27, item 4; decision 65): a folder others can read is made owner-only at start, and
 * nothing the embedded database writes (the write-ahead log included) is left readable by another local account.
 */
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFileStorage, useFileStorage } from "~/modules/files/files.server";
import { makeTreePrivate } from "~/platform/data-dir.server";
import { parseEnv } from "~/platform/env.server";
import { db, startRuntime, stopRuntime } from "~/platform/runtime.server";
import { ROOT } from "../support/production-server";

/** Every entry under the folder (itself included) whose mode gives anything to group or others. */
function openToOthers(root: string): string[] {
  const found: string[] = [];
  const visit = (entry: string) => {
    const stats = lstatSync(entry);
    if (stats.isSymbolicLink()) return;
    if ((stats.mode & 0o077) !== 0) found.push(`${path.relative(root, entry) || "."} ${(stats.mode & 0o777).toString(8)}`);
    if (stats.isDirectory()) for (const child of readdirSync(entry)) visit(path.join(entry, child));
  };
  visit(root);
  return found;
}

function countFiles(root: string): number {
  return readdirSync(root, { recursive: true }).length;
}

describe("a DATA_DIR other local accounts can read", () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "recours-private-"));
  });
  afterAll(async () => {
    await stopRuntime();
    useFileStorage(undefined);
    await rm(dataDir, { recursive: true, force: true });
  });

  it("is made owner-only at start, and the embedded database's files (WAL included) never give group or others any right", async () => {
    // What an operator's `mkdir data && cp -r` with a default umask leaves behind.
    chmodSync(dataDir, 0o755);
    mkdirSync(path.join(dataDir, "notes"), { mode: 0o777 });
    chmodSync(path.join(dataDir, "notes"), 0o777);
    writeFileSync(path.join(dataDir, "notes", "lisez-moi.txt"), "x");
    chmodSync(path.join(dataDir, "notes", "lisez-moi.txt"), 0o666);
    expect(openToOthers(dataDir).length).toBeGreaterThan(0);

    // As the server starts (server/app.ts): the storage gateway, then the runtime (keys, PGlite, migrations).
    const env = parseEnv({ DATA_DIR: dataDir, LOG_LEVEL: "silent" });
    await startFileStorage(env, db);
    await startRuntime(env);
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    // The database at work: new tables, rows, a checkpoint (new relation files and WAL writes).
    await sql`CREATE TABLE private_check (id serial primary key, body text)`.execute(db());
    await sql`INSERT INTO private_check (body) SELECT repeat('x', 500) FROM generate_series(1, 2000)`.execute(db());
    await sql`CHECKPOINT`.execute(db());
    expect(openToOthers(dataDir)).toEqual([]);
    await stopRuntime();

    const wal = path.join(dataDir, "pglite", "pg_wal");
    const segments = readdirSync(wal).filter((name) => /^[0-9A-F]{24}$/.test(name));
    expect(segments.length).toBeGreaterThan(0);
    for (const segment of segments) expect(statSync(path.join(wal, segment)).mode & 0o077).toBe(0);
    expect(countFiles(path.join(dataDir, "pglite"))).toBeGreaterThan(500);
    expect(openToOthers(dataDir)).toEqual([]);
  }, 60_000);
});

describe("a DATA_DIR that cannot be made private", () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "recours-foreign-"));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it("stops the start with a French message saying why and what to do", () => {
    chmodSync(dataDir, 0o755);
    // chmod on a folder owned by another account fails with EPERM (the tests run as root, for whom it never does).
    const foreign = (file: string) => {
      throw Object.assign(new Error(`EPERM: operation not permitted, chmod '${file}'`), { code: "EPERM" });
    };
    expect(() => makeTreePrivate(dataDir, { chmod: foreign })).toThrow(
      /Configuration invalide :\n {2}- DATA_DIR : .* est accessible à d'autres comptes de la machine \(droits 755\) et Recours ne peut pas le rendre privé \(EPERM\).*chmod -R go-rwx/s,
    );
  });
});

// A real refusal: the server's start (server/app.ts startServer, from the sources) as an account that does not own
// DATA_DIR (nobody, through setpriv), so its chmod fails with EPERM. Needs root to switch accounts; skipped elsewhere.
const canSwitchAccount = process.getuid?.() === 0 && existsSync("/usr/bin/setpriv");

describe.runIf(canSwitchAccount)("the server on a DATA_DIR it does not own", () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "recours-not-mine-"));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it("refuses to start, printing in French why and what to do, and leaves the folder as it was", () => {
    chmodSync(dataDir, 0o755);
    writeFileSync(path.join(dataDir, "auth-secret"), "secret-de-quelqu-un-d-autre");
    chmodSync(path.join(dataDir, "auth-secret"), 0o644);
    const started = spawnSync(
      "setpriv",
      ["--reuid=65534", "--regid=65534", "--clear-groups", process.execPath, "--import", "tsx", "tests/support/start-server-from-sources.ts"],
      {
        cwd: ROOT,
        encoding: "utf8",
        timeout: 60_000,
        env: { PATH: process.env.PATH, HOME: "/tmp", NODE_ENV: "production", LOG_LEVEL: "warn", HOST: "127.0.0.1", PORT: "39999", DATA_DIR: dataDir },
      },
    );
    expect(started.status, started.stderr).toBe(1);
    expect(started.stderr).toContain("Configuration invalide :");
    expect(started.stderr).toMatch(/DATA_DIR : .*recours-not-mine-.* est accessible à d'autres comptes de la machine \(droits 755\)/);
    expect(started.stderr).toContain("ne peut pas le rendre privé (EPERM)");
    expect(started.stderr).toContain("chmod -R go-rwx");
    expect(statSync(dataDir).mode & 0o777).toBe(0o755);
    expect(readdirSync(dataDir)).toEqual(["auth-secret"]);
  }, 90_000);
});
