/**
 * /verify-identity over real HTTP against the production build: the plain multipart form (no JavaScript), the upload
 * script's JSON answer, a refusal with its French message, and the download route for the owner and someone else.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { identityMessages } from "~/modules/identity/identity.schema";
import { writeProfileFields } from "~/modules/profile/sensitive-fields.server";
import { db, runtime, stopRuntime } from "~/platform/runtime.server";
import { cookieHeaderFrom, seedAccount } from "../support/accounts";
import { ensureProductionBuild, httpRequest, startProductionServer, visibleText, type RunningServer , spaced } from "../support/production-server";
import { persistentDatabaseTarget, startTestRuntimeOn, testEngines } from "../support/test-database";
import { jpegFile } from "../support/upload-fixtures";

const FORM = { "content-type": "application/x-www-form-urlencoded" };

describe.each(testEngines())("identity verification over HTTP, production build, %s", (engine) => {
  let persistent: Awaited<ReturnType<typeof persistentDatabaseTarget>>;
  let server: RunningServer | undefined;
  const people = {} as Record<"user" | "other", { userId: string; email: string; password: string; cookie: string }>;
  let photo: Buffer;
  const http = (path: string, init: Parameters<typeof httpRequest>[2] = {}) => httpRequest(server!.baseUrl, path, init);

  async function post(path: string, cookie: string, fields: Record<string, string>, files: Record<string, Buffer>, headers: Record<string, string> = {}) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    for (const [name, bytes] of Object.entries(files)) form.append(name, new Blob([new Uint8Array(bytes)], { type: "image/jpeg" }), `${name}.jpg`);
    return fetch(`${server!.baseUrl}${path}`, { method: "POST", body: form, redirect: "manual", headers: { cookie, origin: server!.baseUrl, ...headers } });
  }

  beforeAll(async () => {
    ensureProductionBuild();
    photo = await jpegFile();
    persistent = await persistentDatabaseTarget(engine);
    await startTestRuntimeOn(persistent.target);
    for (const key of ["user", "other"] as const) {
      const seeded = await seedAccount("user", { email: `${key}@identity-http.example` });
      await db()
        .updateTable("profiles")
        .set({ profile_completed: true, address: "3 rue du Port", postal_code: "44000", city: "Nantes" })
        .where("id", "=", seeded.userId)
        .execute();
      await writeProfileFields(db(), runtime().keyring, seeded.userId, { birthDate: "1950-01-02", nif: null });
      people[key] = { ...seeded, cookie: "" };
    }
    await stopRuntime();
    server = await startProductionServer({ ...persistent.serverEnv, AUTH_SECRET: "identity-http-secret-identity-http-secret-01" });
    for (const person of Object.values(people)) {
      const response = await http("/connexion", { method: "POST", headers: FORM, body: new URLSearchParams({ email: person.email, password: person.password }).toString() });
      expect(response.status).toBe(302);
      person.cookie = cookieHeaderFrom(response.setCookies, (name) => !name.startsWith("recours_flash"));
    }
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
    await stopRuntime();
    await persistent?.drop();
  }, 60_000);

  it("goes through the tutorial and step 2 without JavaScript, refuses a missing side, answers the upload script in JSON", async () => {
    const { cookie } = people.user;
    const first = await http("/verify-identity", { cookie });
    expect(first.status).toBe(200);
    const text = visibleText(first.body);
    expect(text).toContain("Étape 1 sur 5");
    expect(text).toContain("Les quatre coins du document sont visibles");
    expect(first.body).toContain("/verify-identity/exemple.svg");
    expect(first.body).toMatch(/<svg[^>]*viewBox/);

    const tutorial = await http("/verify-identity?step=1", { method: "POST", headers: FORM, cookie, body: "" });
    expect(tutorial.status).toBe(302);
    expect(tutorial.location).toBe("/verify-identity?step=2");

    const missing = await post("/verify-identity?step=2", cookie, { documentType: "cni" }, { recto: photo });
    expect(missing.status).toBe(422);
    const missingPage = await missing.text();
    expect(visibleText(missingPage)).toContain(spaced(identityMessages.missingVerso));
    // The missing verso is the verso field's error: marked invalid, its message tied to it, linked from the summary.
    expect(missingPage).toMatch(/<input[^>]*id="champ-verso"[^>]*aria-invalid="true"[^>]*aria-describedby="champ-verso-erreur"/);
    expect(missingPage).toMatch(/<p id="champ-verso-erreur"[^>]*>Ajoutez le verso/);
    expect(missingPage).toContain('href="#champ-verso"');

    const sent = await post("/verify-identity?step=2", cookie, { documentType: "cni" }, { recto: photo, verso: photo });
    expect(sent.status).toBe(302);
    expect(sent.headers.get("location")).toBe("/verify-identity?step=3");
    const step3 = await http("/verify-identity?step=3", { cookie });
    expect(visibleText(step3.body)).toContain("Étape 3 sur 5");
    expect(visibleText(step3.body)).not.toContain("Carte d'identité");

    const script = await post("/verify-identity/envoi?step=3", cookie, { documentType: "passeport" }, { recto: photo });
    expect(script.status).toBe(200);
    expect(await script.json()).toEqual({ location: "/verify-identity?step=4" });
    expect(script.headers.getSetCookie().some((line) => line.startsWith("recours_flash"))).toBe(true);
    const refused = await post("/verify-identity/envoi?step=4", cookie, { proofType: "facture_gaz" }, {});
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ error: identityMessages.missingProof, field: "document" });
  });

  it("serves a document to its owner through a fresh signed link, and to nobody else", async () => {
    const page = await http("/verify-identity?step=2", { cookie: people.user.cookie });
    expect(page.status).toBe(200);
    const fileId = /\/fichiers\/([0-9a-f-]{36})/.exec(page.body)?.[1];
    expect(fileId).toBeTruthy();
    const redirect = await http(`/fichiers/${fileId}`, { cookie: people.user.cookie });
    expect(redirect.status).toBe(302);
    expect(redirect.location).toMatch(new RegExp(`^/fichiers/${fileId}\\?exp=\\d+&sig=`));
    const file = await fetch(`${server!.baseUrl}${redirect.location}`, { headers: { cookie: people.user.cookie } });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/jpeg");
    expect(file.headers.get("cache-control")).toBe("no-store");
    expect(file.headers.get("content-disposition")).toMatch(/^inline/);
    // "Télécharger" keeps its wish through the fresh link.
    const download = await http(`/fichiers/${fileId}?download=1`, { cookie: people.user.cookie });
    expect(download.location).toMatch(/&download=1$/);
    const attachment = await fetch(`${server!.baseUrl}${download.location}`, { headers: { cookie: people.user.cookie } });
    expect(attachment.status).toBe(200);
    expect(attachment.headers.get("content-disposition")).toMatch(/^attachment/);
    expect((await http(redirect.location!, { cookie: people.other.cookie })).status).toBe(403);
    expect((await http(redirect.location!)).status).toBe(403);
    expect((await http(`/fichiers/${fileId}`, { cookie: people.other.cookie })).status).toBe(404);
  });
});
