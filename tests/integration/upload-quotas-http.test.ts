/**
 * Upload quotas and the chat's post limit over real HTTP against the production build (decision 62), with small
 * limits from the environment: a chat flood (JSON and the plain form, the typed text kept), uploads per hour, bytes
 * per rolling day, bytes per case — each refused with a 4xx, a French message saying when to retry (429 and
 * Retry-After), nothing already saved lost — and one journal entry per person and quota however long the flood.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actionLabel } from "~/modules/audit/audit.schema";
import { uploadEvidence } from "~/modules/case-file/evidence.server";
import type { UserActor } from "~/platform/actor";
import { db, stopRuntime } from "~/platform/runtime.server";
import { cookieHeaderFrom } from "../support/accounts";
import { insertSubmittedCase, seedPerson } from "../support/cases";
import { ensureProductionBuild, httpRequest, startProductionServer, visibleText, type RunningServer , spaced } from "../support/production-server";
import { startTestStore, testFileStorage } from "../support/file-storage";
import { persistentDatabaseTarget, startTestRuntimeOn, testEngines } from "../support/test-database";
import { pdfFile } from "../support/upload-fixtures";

const FORM = { "content-type": "application/x-www-form-urlencoded" };
const SECRET = "upload-quotas-secret-upload-quotas-secret-01";
/** Evidence files of exactly this size: PDFs are stored as sent, so the byte counts are exact. */
const UNIT = 100_000;
const LIMITS = {
  CHAT_MESSAGES_PER_MINUTE: "3",
  UPLOADS_PER_HOUR: "6",
  // Three files a day, two per case: the room a request's form fields take is left over.
  UPLOAD_BYTES_PER_DAY: String(3 * UNIT + 2000),
  UPLOAD_BYTES_PER_CASE: String(2 * UNIT + 2000),
};

type Key = "flooder" | "uploader" | "daily" | "filler" | "racer" | "applicant";
type Person = { userId: string; email: string; password: string; cookie: string; cases: string[]; actor: UserActor };

describe.each(testEngines())("upload quotas and the chat post limit over HTTP, production build, %s", (engine) => {
  let persistent: Awaited<ReturnType<typeof persistentDatabaseTarget>>;
  let server: RunningServer | undefined;
  const people = {} as Record<Key, Person>;
  let unitPdf: Buffer;
  let smallPdf: Buffer;
  const base = () => server!.baseUrl;

  function evidenceForm(file = unitPdf): FormData {
    const form = new FormData();
    form.append("category", "bank_statements");
    form.append("description", "Relevé");
    form.append("fichiers", new Blob([new Uint8Array(file)], { type: "application/pdf" }), "releve.pdf");
    return form;
  }

  function evidence(who: Key, caseId: string) {
    const headers = { cookie: people[who].cookie, origin: base(), accept: "application/json" };
    return fetch(`${base()}/case/${caseId}/preuves`, { method: "POST", body: evidenceForm(), redirect: "manual", headers });
  }

  function chatFile(who: Key, caseId: string, file = smallPdf) {
    const form = new FormData();
    form.append("fichier", new Blob([new Uint8Array(file)], { type: "application/pdf" }), "note.pdf");
    return fetch(`${base()}/case/${caseId}/chat/fichier`, { method: "POST", body: form, headers: { cookie: people[who].cookie, origin: base(), accept: "application/json" } });
  }

  const postChat = (who: Key, path: string, fields: Record<string, string>) =>
    httpRequest(base(), path, { method: "POST", headers: { ...FORM, origin: base() }, cookie: people[who].cookie, body: new URLSearchParams(fields).toString() });

  function expectWait(response: { status: number; headers: Headers }, text: string, most: number) {
    expect(response.status).toBe(429);
    const retryAfter = Number(response.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(most);
    expect(text).toMatch(/Réessayez dans \d+ (seconde|minute|heure)/);
  }

  beforeAll(async () => {
    ensureProductionBuild();
    unitPdf = await pdfFile({ marker: "quota", padTo: UNIT });
    smallPdf = await pdfFile({ marker: "petit" });
    persistent = await persistentDatabaseTarget(engine);
    await startTestRuntimeOn(persistent.target, { AUTH_SECRET: SECRET });
    const caseCounts: Record<Key, number> = { flooder: 1, uploader: 1, daily: 4, filler: 2, racer: 3, applicant: 0 };
    for (const [key, count] of Object.entries(caseCounts) as [Key, number][]) {
      // The applicant has yet to verify their identity: the others add evidence, which asks for a verified one.
      const person = await seedPerson("user", `Quota${key}`, { email: `${key}.${engine}@quotas-http.example`, verified: key !== "applicant" });
      const cases: string[] = [];
      for (let i = 0; i < count; i += 1) cases.push((await insertSubmittedCase(person.userId)).id);
      people[key] = { userId: person.userId, email: person.email, password: person.password, cookie: "", cases, actor: person };
    }
    await stopRuntime();
    server = await startProductionServer({ ...persistent.serverEnv, AUTH_SECRET: SECRET, ...LIMITS });
    for (const person of Object.values(people)) {
      const response = await httpRequest(base(), "/connexion", {
        method: "POST",
        headers: FORM,
        body: new URLSearchParams({ email: person.email, password: person.password }).toString(),
      });
      expect(response.status).toBe(302);
      person.cookie = cookieHeaderFrom(response.setCookies, (name) => !name.startsWith("recours_flash"));
    }
  }, 300_000);

  afterAll(async () => {
    await server?.stop();
    await stopRuntime();
    await persistent?.drop();
  }, 60_000);

  it("a chat post flood: 429 in French with Retry-After, from the script and the plain form, the typed text kept", async () => {
    const caseId = people.flooder.cases[0]!;
    for (let i = 1; i <= 3; i += 1) {
      const sent = await postChat("flooder", `/case/${caseId}/chat/messages?intent=send`, { message: `Message ${i}` });
      expect(sent.status).toBe(200);
    }
    const json = await postChat("flooder", `/case/${caseId}/chat/messages?intent=send`, { message: "Encore un" });
    const refusal = JSON.parse(json.body) as { error: string };
    expectWait(json, refusal.error, 60);
    expect(refusal.error).toContain("beaucoup de messages");

    const typed = "Mon message important, tapé sans JavaScript";
    const plain = await postChat("flooder", `/case/${caseId}/chat`, { message: typed });
    expectWait(plain, visibleText(plain.body), 60);
    expect(visibleText(plain.body)).toContain("beaucoup de messages");
    // The composer comes back with what was typed.
    expect(visibleText(plain.body)).toContain(spaced(typed));

    const page = await httpRequest(base(), `/case/${caseId}/chat`, { cookie: people.flooder.cookie });
    expect(page.status).toBe(200);
    for (let i = 1; i <= 3; i += 1) expect(visibleText(page.body)).toContain(`Message ${i}`);
    expect(visibleText(page.body)).not.toContain("Encore un");
  });

  it("uploads per hour: past the limit, a chat attachment is refused before its body is read; earlier ones stay usable", async () => {
    const caseId = people.uploader.cases[0]!;
    const ids: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      const response = await chatFile("uploader", caseId);
      expect(response.status).toBe(200);
      ids.push(((await response.json()) as { fileId: string }).fileId);
    }
    // The second refused one is 20 MB: answered all the same, its body never read.
    for (const file of [smallPdf, await pdfFile({ padTo: 20 * 1024 * 1024 })]) {
      const refused = await chatFile("uploader", caseId, file);
      const body = (await refused.json()) as { error: string };
      expectWait(refused, body.error, 3600);
      expect(body.error).toContain("beaucoup de fichiers en peu de temps");
    }
    // An earlier upload is still there: it can be sent in a message.
    const sent = await postChat("uploader", `/case/${caseId}/chat/messages?intent=send`, { message: "", fileId: ids[0]! });
    expect(sent.status).toBe(200);
  });

  it("bytes per case: a third file in one case is refused with 413 and a French message; another case still takes one", async () => {
    const [first, second] = people.filler.cases as [string, string];
    for (let i = 0; i < 2; i += 1) expect((await evidence("filler", first)).status).toBe(200);
    const refused = await evidence("filler", first);
    expect(refused.status).toBe(413);
    const body = (await refused.json()) as { error: string };
    expect(body.error).toContain("Les fichiers que vous avez envoyés dans ce dossier occupent déjà");
    expect(body.error).toContain("n'a pas été enregistré");
    expect((await evidence("filler", second)).status).toBe(200);
  });

  it("bytes per case, the identity documents' bucket: the plain form and the upload script get 413 and a French message", async () => {
    const cookie = people.applicant.cookie;
    const step = (n: number, fields: Record<string, string>, files: string[], json = false) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      for (const name of files) form.append(name, new Blob([new Uint8Array(unitPdf)], { type: "application/pdf" }), `${name}.pdf`);
      const path = json ? `/verify-identity/envoi?step=${n}` : `/verify-identity?step=${n}`;
      return fetch(`${base()}${path}`, { method: "POST", body: form, redirect: "manual", headers: { cookie, origin: base(), ...(json ? { accept: "application/json" } : {}) } });
    };
    const tutorial = await httpRequest(base(), "/verify-identity?step=1", { method: "POST", headers: { ...FORM, origin: base() }, cookie, body: "" });
    expect(tutorial.status).toBe(302);
    const second = await step(2, { documentType: "cni" }, ["recto", "verso"]);
    expect(second.status).toBe(302);
    expect(second.headers.get("location")).toBe("/verify-identity?step=3");
    const plain = await step(3, { documentType: "passeport" }, ["recto"]);
    expect(plain.status).toBe(413);
    expect(visibleText(await plain.text())).toContain("Vos documents d'identité occupent déjà");
    const json = await step(3, { documentType: "passeport" }, ["recto"], true);
    expect(json.status).toBe(413);
    expect(((await json.json()) as { error: string }).error).toContain("Vos documents d'identité occupent déjà");
  });

  it("bytes per day: across cases, the fourth file of the day is refused with 429, Retry-After and the time to wait", async () => {
    const cases = people.daily.cases;
    for (let i = 0; i < 3; i += 1) expect((await evidence("daily", cases[i]!)).status).toBe(200);
    for (let i = 0; i < 2; i += 1) {
      const refused = await evidence("daily", cases[3]!);
      const body = (await refused.json()) as { error: string };
      expectWait(refused, body.error, 86_400);
      // The oldest file of the day leaves it in about 24 hours.
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(86_400 - 600);
      expect(body.error).toMatch(/Réessayez dans (23|24) heures/);
    }
  });

  it("bytes per day, checked where the files are recorded: of two parallel uploads that each fit alone, one gets in", async () => {
    const [a, b, c] = people.racer.cases as [string, string, string];
    expect((await evidence("racer", a)).status).toBe(200);
    expect((await evidence("racer", b)).status).toBe(200);
    // One file's room is left: two at once, each fitting alone, and only one gets in.
    const statuses = (await Promise.all([evidence("racer", c), evidence("racer", a)])).map((response) => response.status).sort();
    expect(statuses).toEqual([200, 429]);
  });

  it("nothing saved was lost, no refused file was kept, and the journal names each person once per quota", async () => {
    await server!.stop();
    server = undefined;
    await startTestRuntimeOn(persistent.target, { AUTH_SECRET: SECRET, ...LIMITS });
    // A body without Content-Length (the HTTP server answers 411 to one; the use case must hold anyway): the size is
    // only known once received, so the transaction that would record it refuses it, and no object stays.
    const store = await startTestStore("filesystem");
    try {
      const encoded = new Response(evidenceForm());
      const request = new Request(`http://recours.test/case/${people.racer.cases[1]}/preuves`, {
        method: "POST",
        body: encoded.body,
        duplex: "half",
        headers: { "content-type": encoded.headers.get("content-type")! },
      } as RequestInit);
      expect(request.headers.get("content-length")).toBeNull();
      const refused = await uploadEvidence(people.racer.actor, people.racer.cases[1]!, request, { storage: testFileStorage(store.store) });
      expect(refused).toMatchObject({ ok: false, status: 429 });
      expect(refused.ok ? "" : refused.message).toMatch(/Réessayez dans (23|24) heures/);
      expect(refused.ok ? 0 : refused.retryAfterSeconds).toBeGreaterThan(86_400 - 600);
      expect(await store.count()).toBe(0);

      // Two such uploads at once, each fitting alone in what is left: the per-person lock where files are recorded
      // makes the second count the first's bytes. (The parallel HTTP uploads above are what failed on PostgreSQL with
      // the lock taken out; here the two transactions do not always overlap.)
      const twin = await seedPerson("user", "Jumeau", { email: `twin.${engine}@quotas-http.example`, verified: true });
      const twinCases = [(await insertSubmittedCase(twin.userId)).id, (await insertSubmittedCase(twin.userId)).id];
      const streamed = (caseId: string) => {
        const encoded = new Response(evidenceForm());
        const body = new Request(`http://recours.test/case/${caseId}/preuves`, {
          method: "POST",
          body: encoded.body,
          duplex: "half",
          headers: { "content-type": encoded.headers.get("content-type")! },
        } as RequestInit);
        return uploadEvidence(twin, caseId, body, { storage: testFileStorage(store.store) });
      };
      expect((await streamed(twinCases[0]!)).ok).toBe(true);
      expect((await streamed(twinCases[1]!)).ok).toBe(true);
      const together = await Promise.all([streamed(twinCases[0]!), streamed(twinCases[1]!)]);
      expect(together.map((result) => (result.ok ? 200 : result.status)).sort()).toEqual([200, 429]);
      expect(await store.count()).toBe(3);
    } finally {
      await store.close();
    }
    const evidenceCount = async (who: Key) =>
      Number(
        (
          await db()
            .selectFrom("case_evidence")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .where("uploaded_by", "=", people[who].userId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const filesOf = async (who: Key) =>
      Number(
        (
          await db()
            .selectFrom("stored_files")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .where("owner_id", "=", people[who].userId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await evidenceCount("filler")).toBe(3);
    expect(await filesOf("filler")).toBe(3);
    expect(await evidenceCount("daily")).toBe(3);
    expect(await filesOf("daily")).toBe(3);
    expect(await evidenceCount("racer")).toBe(3);
    expect(await filesOf("racer")).toBe(3);
    expect(await filesOf("uploader")).toBe(6);
    // The step-2 documents stay, pending review.
    const documents = await db().selectFrom("identity_verification_documents").select(["step_number", "status"]).where("user_id", "=", people.applicant.userId).execute();
    expect(documents.map((row) => `${row.step_number}:${row.status}`)).toEqual(["2:pending", "2:pending"]);
    expect(await filesOf("applicant")).toBe(2);
    const messages = await db().selectFrom("case_chat_messages").select("message").where("sender_id", "=", people.flooder.userId).execute();
    expect(messages.map((row) => row.message).sort()).toEqual(["Message 1", "Message 2", "Message 3"]);

    const journal = await db().selectFrom("staff_audit_log").select(["actor_id", "action", "target_type", "target_id", "after"]).where("action", "in", ["upload.quota-reached", "chat.rate-limited"]).execute();
    const entriesOf = (who: Key) => journal.filter((row) => row.target_id === people[who].userId);
    const quotaOf = (row: (typeof journal)[number]) => (row.after as { quota?: string } | null)?.quota;
    expect(entriesOf("flooder").map((row) => row.action)).toEqual(["chat.rate-limited"]);
    expect(entriesOf("uploader").map(quotaOf)).toEqual(["uploads-per-hour"]);
    expect(entriesOf("filler").map(quotaOf)).toEqual(["bytes-per-case"]);
    expect(entriesOf("daily").map(quotaOf)).toEqual(["bytes-per-day"]);
    expect(entriesOf("racer").map(quotaOf)).toEqual(["bytes-per-day"]);
    expect(entriesOf("applicant").map(quotaOf)).toEqual(["bytes-per-case"]);
    for (const row of journal) {
      expect(row.target_type).toBe("user");
      expect(row.actor_id).toBe(row.target_id);
    }
    expect(actionLabel("upload.quota-reached")).toBe("Limite d'envoi de fichiers atteinte");
    expect(actionLabel("chat.rate-limited")).toBe("Trop de messages envoyés dans la messagerie");
  });
});
