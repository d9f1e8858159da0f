import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniqueEmail } from "../support/accounts";
import { ensureProductionBuild, startProductionServer, type RunningServer } from "../support/production-server";

function filesUnder(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const file = path.join(directory, name);
    return statSync(file).isDirectory() ? filesUnder(file) : [file];
  });
}

describe("a password typed at sign-up, on the embedded database", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "recours-at-rest-"));
  const password = `Pas-en-clair-${Date.now()}-zébu`;
  let server: RunningServer;

  beforeAll(async () => {
    ensureProductionBuild();
    server = await startProductionServer({ DATA_DIR: dataDir, LOG_LEVEL: "debug" });
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("is found in no file of the data directory and in no log line", async () => {
    const email = uniqueEmail("at-rest");
    const response = await fetch(`${server.baseUrl}/inscription`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server.baseUrl },
      body: new URLSearchParams({
        firstName: "Zoé",
        lastName: "Secret",
        email,
        password: password,
        phoneMobileCountry: "FR",
        phoneMobile: "612345678",
        country: "france",
      }),
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Confirmez votre adresse email");
    // A clean stop flushes PGlite's files, write-ahead log included.
    await server.stop();

    const needle = Buffer.from(password, "utf8");
    const files = filesUnder(dataDir);
    expect(files.length).toBeGreaterThan(10);
    const contents = files.map((file) => ({ file, bytes: readFileSync(file) }));
    // The scan sees what was written: the email of the same sign-up is on disk.
    expect(contents.some(({ bytes }) => bytes.includes(Buffer.from(email, "utf8")))).toBe(true);
    expect(contents.filter(({ bytes }) => bytes.includes(needle)).map(({ file }) => file)).toEqual([]);
    expect(server.output()).not.toContain(password);
    expect(server.output()).toContain("compte créé");
  });
});
