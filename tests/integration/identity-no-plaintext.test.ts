/**
 * Must show (issue 11): a unique marker written inside uploaded files is found nowhere in DATA_DIR, nor in the bucket.
 * Through the production build's HTTP upload routes, with PGlite on disk in DATA_DIR, for both storage drivers; then
 * every file under DATA_DIR (database files included), the bucket's files, the S3 spool folder and the server's log
 * are searched. The owner downloading the file gets the marker back: the search could have found it.
 */
import { randomUUID } from "node:crypto";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { writeProfileFields } from "~/modules/profile/sensitive-fields.server";
import { db, runtime, stopRuntime } from "~/platform/runtime.server";
import { cookieHeaderFrom, seedAccount } from "../support/accounts";
import { directoryContains } from "../support/file-storage";
import { ensureProductionBuild, httpRequest, startProductionServer, type RunningServer } from "../support/production-server";
import { filesUnder, startS3Server, type TestS3Server } from "../support/s3-server";
import { persistentDatabaseTarget, startTestRuntimeOn } from "../support/test-database";
import { jpegFile, pdfFile } from "../support/upload-fixtures";

const FORM = { "content-type": "application/x-www-form-urlencoded" };

describe.each(["filesystem", "s3"] as const)("no plaintext at rest through the HTTP upload routes (PGlite on disk, %s driver)", (driver) => {
  let persistent: Awaited<ReturnType<typeof persistentDatabaseTarget>> | undefined;
  let server: RunningServer | undefined;
  let s3: TestS3Server | undefined;

  afterAll(async () => {
    await server?.stop();
    await stopRuntime();
    await s3?.close();
    await persistent?.drop();
  }, 60_000);

  it("finds none of the markers in DATA_DIR, the bucket or the log, and gives them back to the owner", async () => {
    ensureProductionBuild();
    const markers = { recto: `MARQUEUR-RECTO-${randomUUID()}`, verso: `MARQUEUR-EXIF-${randomUUID()}`, passport: `MARQUEUR-PASSEPORT-${randomUUID()}`, bill: `MARQUEUR-FACTURE-${randomUUID()}` };
    persistent = await persistentDatabaseTarget("pglite");
    await startTestRuntimeOn(persistent.target);
    const person = await seedAccount("user", { email: `clair-${driver}@no-plaintext.example` });
    await db()
      .updateTable("profiles")
      .set({ profile_completed: true, address: "3 rue du Port", postal_code: "44000", city: "Nantes" })
      .where("id", "=", person.userId)
      .execute();
    await writeProfileFields(db(), runtime().keyring, person.userId, { birthDate: "1950-01-02", nif: null });
    await stopRuntime();
    s3 = driver === "s3" ? await startS3Server(`recours-clair-${Date.now()}`) : undefined;
    server = await startProductionServer({ ...persistent.serverEnv, ...(s3?.env ?? {}), AUTH_SECRET: "no-plaintext-secret-no-plaintext-secret-0001" });
    const http = (pathname: string, init: Parameters<typeof httpRequest>[2] = {}) => httpRequest(server!.baseUrl, pathname, init);

    const login = await http("/connexion", { method: "POST", headers: FORM, body: new URLSearchParams({ email: person.email, password: person.password }).toString() });
    expect(login.status).toBe(302);
    const cookie = cookieHeaderFrom(login.setCookies, (name) => !name.startsWith("recours_flash"));
    expect((await http("/verify-identity?step=1", { method: "POST", headers: FORM, cookie, body: "" })).status).toBe(302);

    const post = async (step: number, fields: Record<string, string>, files: Record<string, { bytes: Buffer; type: string; name: string }>) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      for (const [name, file] of Object.entries(files)) form.append(name, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
      const response = await fetch(`${server!.baseUrl}/verify-identity?step=${step}`, { method: "POST", body: form, redirect: "manual", headers: { cookie, origin: server!.baseUrl } });
      expect(response.status, await response.clone().text().then((text) => text.slice(0, 300))).toBe(302);
    };
    const recto = await pdfFile({ marker: markers.recto });
    const verso = await jpegFile({ marker: markers.verso });
    expect(verso.includes(markers.verso)).toBe(true);
    await post(2, { documentType: "cni" }, { recto: { bytes: recto, type: "application/pdf", name: "recto.pdf" }, verso: { bytes: verso, type: "image/jpeg", name: "verso.jpg" } });
    await post(3, { documentType: "passeport" }, { recto: { bytes: await pdfFile({ marker: markers.passport }), type: "application/pdf", name: "passeport.pdf" } });
    await post(4, { proofType: "facture_gaz" }, { document: { bytes: await pdfFile({ marker: markers.bill }), type: "application/pdf", name: "facture.pdf" } });

    // The owner gets the proof of address back, marker included (through the 60-second link).
    const step4 = await http("/verify-identity?step=4", { cookie });
    const fileId = /\/fichiers\/([0-9a-f-]{36})/.exec(step4.body)?.[1];
    expect(fileId).toBeTruthy();
    const link = await http(`/fichiers/${fileId}`, { cookie });
    expect(link.status).toBe(302);
    const file = await fetch(new URL(link.location!, server.baseUrl), { headers: { cookie } });
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).includes(markers.bill)).toBe(true);

    const output = server.output();
    await server.stop();
    server = undefined;
    const dataDir = persistent.serverEnv.DATA_DIR!;
    const places = [dataDir, ...(s3 ? [s3.directory, path.join(tmpdir(), `recours-s3-spool-${process.getuid?.() ?? "user"}`)] : [])];
    for (const marker of Object.values(markers)) {
      for (const place of places) expect(await directoryContains(place, Buffer.from(marker)), `${marker} dans ${place}`).toBe(false);
      expect(output.includes(marker)).toBe(false);
    }
    // The objects are where the driver puts them: one per file sent (the re-encoded photo replaces the original).
    let objects = 0;
    for await (const _ of filesUnder(s3 ? s3.directory : path.join(dataDir, "files"))) objects += 1;
    expect(objects).toBeGreaterThanOrEqual(4);
    // The search does look at the database files.
    expect(await directoryContains(dataDir, Buffer.from(person.email))).toBe(true);
  }, 240_000);
});
