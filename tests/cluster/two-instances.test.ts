/**
 * Two production server processes on one PostgreSQL schema behind a round-robin proxy (issue 14, item 4), with the S3
 * driver and a real SMTP server: started at once on an empty schema, a session made on one used on the other, rate
 * limits counted once, the job queue shared without double sends, chat delivered live across them, an upload on one
 * downloaded from the other. Then the faults that need no database cut (item 5): SMTP down across several retries,
 * storage down.
 */
import { readdir } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readMigrationFiles } from "~/platform/migrate.server";
import { uploadMessages } from "~/modules/files/upload-messages";
import { insertSubmittedCase, seedPerson } from "../support/cases";
import { sseReader } from "../support/chat";
import { httpRequest, visibleText } from "../support/production-server";
import { filesUnder } from "../support/s3-server";
import { startSmtpSinkOn } from "../support/smtp-sink";
import { pdfFile } from "../support/upload-fixtures";
import { postForm, signInOver, startCluster, waitUntil, type Cluster } from "./support/cluster";

const ATTEMPTS_PER_EMAIL = 4;
type Person = { userId: string; email: string; password: string; caseId: string };

describe("two instances on one PostgreSQL behind a round-robin proxy", () => {
  let cluster: Cluster;
  const people: Person[] = [];
  const a = () => cluster.servers[0]!.baseUrl;
  const b = () => cluster.servers[1]!.baseUrl;

  beforeAll(async () => {
    cluster = await startCluster({
      // All requests come from the proxy's one address: the per-address limit on email requests (10 by default)
      // would refuse the later tests' reset requests; the shared counting is shown on sign-in attempts.
      env: { LOGIN_ATTEMPTS_PER_EMAIL: String(ATTEMPTS_PER_EMAIL), SIGNUP_ATTEMPTS_PER_ADDRESS: "100", JOB_RETRY_BASE_SECONDS: "1", JOB_RETRY_MAX_SECONDS: "1" },
      async seed() {
        for (let index = 0; index < 16; index += 1) {
          const person = await seedPerson("user", `Grappe${index}`, { email: `grappe${index}@cluster.example`, verified: true });
          const { id } = await insertSubmittedCase(person.userId);
          people.push({ userId: person.userId, email: person.email, password: person.password, caseId: id });
        }
      },
    });
  }, 240_000);

  afterAll(async () => {
    await cluster?.stop();
  }, 60_000);

  it("both started at once on an empty schema: every migration applied exactly once, both healthy", async () => {
    const applied = await cluster.query<{ name: string }>("SELECT name FROM schema_migrations ORDER BY name");
    expect(applied.map((row) => row.name)).toEqual(readMigrationFiles().map((file) => file.name));
    for (const server of cluster.servers) {
      expect((await httpRequest(server.baseUrl, "/healthz")).status).toBe(200);
      expect(server.output()).not.toMatch(/"level":(50|60)/);
    }
  });

  it("a session made on one instance is honoured by the other; signing out on the other ends it everywhere", async () => {
    const person = people[0]!;
    const cookie = await signInOver(a(), person.email, person.password);
    const onB = await httpRequest(b(), "/dashboard", { cookie });
    expect(onB.status).toBe(200);
    expect(visibleText(onB.body)).toContain("Grappe0");
    // Through the proxy: consecutive requests land on both instances and all see the same person.
    const before = [...cluster.proxy.counts];
    for (let i = 0; i < 4; i += 1) {
      const page = await httpRequest(cluster.proxy.url, `/case/${person.caseId}`, { cookie });
      expect(page.status).toBe(200);
    }
    expect(cluster.proxy.counts.every((count, index) => count - (before[index] ?? 0) === 2)).toBe(true);
    const out = await postForm(b(), "/deconnexion", {}, cookie);
    expect(out.status).toBeLessThan(400);
    expect((await httpRequest(a(), "/dashboard", { cookie })).location).toMatch(/^\/connexion/);
  });

  it("sign-in attempts are counted once across both instances", async () => {
    const person = people[1]!;
    for (let attempt = 1; attempt <= ATTEMPTS_PER_EMAIL; attempt += 1) {
      const wrong = await postForm(cluster.proxy.url, "/connexion", { email: person.email, password: `mauvais mot de passe ${attempt}` });
      expect(wrong.status, `tentative ${attempt}`).toBe(401);
    }
    // Two attempts went to each instance: each alone would still allow more; the shared count refuses the next.
    const blocked = await postForm(cluster.proxy.url, "/connexion", { email: person.email, password: person.password });
    expect(blocked.status).toBe(429);
    expect(visibleText(blocked.body)).toContain("Trop de tentatives de connexion");
    const alsoBlocked = await postForm(cluster.proxy.url, "/connexion", { email: person.email, password: person.password });
    expect(alsoBlocked.status).toBe(429);
  });

  it("the job queue is shared: emails asked on both instances are each sent exactly once", async () => {
    const asked = people.slice(2, 10);
    const answers = await Promise.all(asked.map((person) => postForm(cluster.proxy.url, "/mot-de-passe-oublie", { email: person.email })));
    for (const answer of answers) expect(answer.status).toBeLessThan(400);
    const sentTo = (person: Person) => cluster.smtp.received.filter((mail) => mail.to.includes(person.email)).length;
    await waitUntil(() => asked.every((person) => sentTo(person) >= 1), 20_000, "un email par personne");
    // Both workers kept polling meanwhile: give a double send time to show.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    for (const person of asked) expect(sentTo(person), person.email).toBe(1);
    const jobs = await cluster.query<{ status: string; attempts: number }>("SELECT status, attempts FROM jobs WHERE kind = 'email'");
    expect(jobs.length).toBeGreaterThanOrEqual(asked.length);
    expect(jobs.every((job) => job.status === "done" && job.attempts === 1)).toBe(true);
  });

  it("chat: a message posted on one instance reaches a live stream opened on the other", async () => {
    const person = people[10]!;
    const cookie = await signInOver(a(), person.email, person.password);
    const controller = new AbortController();
    const response = await fetch(`${b()}/case/${person.caseId}/chat/events`, { headers: { cookie, accept: "text/event-stream" }, signal: controller.signal });
    expect(response.status).toBe(200);
    const reader = sseReader(response.body!);
    const sent = await postForm(a(), `/case/${person.caseId}/chat/messages?intent=send`, { message: "Écrit sur A, lu sur B" }, cookie);
    expect(sent.status).toBe(200);
    const id = (JSON.parse(sent.body) as { message: { id: string } }).message.id;
    const event = await reader.next((candidate) => candidate.event === "message" && candidate.data.includes(id), 5000);
    expect(JSON.parse(event.data).text).toBe("Écrit sur A, lu sur B");
    controller.abort();
    await reader.close();
  });

  it("a file uploaded on one instance (S3) is downloaded byte for byte from the other; the bucket holds only ciphertext", async () => {
    const person = people[11]!;
    const cookie = await signInOver(b(), person.email, person.password);
    const pdf = await pdfFile({ marker: "grappe-releve-confidentiel" });
    const uploaded = await uploadChatFile(a(), person, cookie, pdf);
    expect(uploaded.status).toBe(200);
    const { fileId } = JSON.parse(uploaded.body) as { fileId: string };
    expect((await postForm(a(), `/case/${person.caseId}/chat/messages?intent=send`, { message: "", fileId }, cookie)).status).toBe(200);
    const link = await httpRequest(b(), `/case/${person.caseId}/chat/fichier/${fileId}?download=1`, { cookie });
    expect(link.status).toBe(302);
    const file = await fetch(`${b()}${link.location}`, { headers: { cookie } });
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(pdf)).toBe(true);
    for await (const stored of filesUnder(cluster.s3.directory)) {
      const { readFile } = await import("node:fs/promises");
      expect((await readFile(stored)).includes("grappe-releve-confidentiel")).toBe(false);
    }
  });

  it("SMTP down across several retries: every email is sent exactly once after it comes back", async () => {
    const port = cluster.smtp.port;
    await cluster.smtp.close();
    const asked = people.slice(12, 16);
    const jobsBefore = (await cluster.query<{ id: number }>("SELECT id FROM jobs WHERE kind = 'email'")).map((row) => Number(row.id));
    for (const person of asked) expect((await postForm(cluster.proxy.url, "/mot-de-passe-oublie", { email: person.email })).status).toBeLessThan(400);
    const newJobs = async () =>
      (await cluster.query<{ id: number; status: string; attempts: number }>("SELECT id, status, attempts FROM jobs WHERE kind = 'email' ORDER BY id")).filter(
        (job) => !jobsBefore.includes(Number(job.id)),
      );
    // Retries one second apart (JOB_RETRY_* compressed for the test): wait until every job has failed three times.
    await waitUntil(async () => {
      const jobs = await newJobs();
      return jobs.length === asked.length && jobs.every((job) => job.attempts >= 3 && job.status === "queued");
    }, 30_000, "trois essais en échec par email");
    cluster.smtp = await startSmtpSinkOn(port);
    const sentTo = (person: Person) => cluster.smtp.received.filter((mail) => mail.to.includes(person.email)).length;
    await waitUntil(() => asked.every((person) => sentTo(person) >= 1), 20_000, "les emails après le retour du serveur SMTP");
    await new Promise((resolve) => setTimeout(resolve, 1500));
    for (const person of asked) expect(sentTo(person)).toBe(1);
    const jobs = await newJobs();
    expect(jobs.every((job) => job.status === "done" && job.attempts >= 4)).toBe(true);
  });

  it("storage down: an upload is refused in French with a 503, nothing is half-written, and uploads work again after", async () => {
    const person = people[11]!;
    const cookie = await signInOver(a(), person.email, person.password);
    const rowsBefore = await cluster.query<{ count: number }>("SELECT count(*)::int AS count FROM stored_files");
    const objectsBefore = await objectNames(cluster);
    await cluster.s3.stop();
    try {
      for (const server of [a(), b()]) {
        const refused = await uploadChatFile(server, person, cookie, await pdfFile({ marker: "pendant-la-panne" }));
        expect(refused.status).toBe(503);
        expect((JSON.parse(refused.body) as { error: string }).error).toBe(uploadMessages.storageDown);
      }
      expect(await cluster.query<{ count: number }>("SELECT count(*)::int AS count FROM stored_files")).toEqual(rowsBefore);
    } finally {
      await cluster.s3.start();
    }
    expect(await objectNames(cluster)).toEqual(objectsBefore);
    expect(await readdir(cluster.serverEnv.S3_SPOOL_DIRECTORY!)).toEqual([]);
    const again = await uploadChatFile(b(), person, cookie, await pdfFile({ marker: "apres-la-panne" }));
    expect(again.status).toBe(200);
  });
});

function uploadChatFile(baseUrl: string, person: Person, cookie: string, bytes: Buffer) {
  const form = new FormData();
  form.append("fichier", new Blob([new Uint8Array(bytes)], { type: "application/pdf" }), "relevé.pdf");
  return httpRequest(baseUrl, `/case/${person.caseId}/chat/fichier`, { method: "POST", cookie, body: form, headers: { accept: "application/json" } });
}

async function objectNames(cluster: Cluster): Promise<string[]> {
  const names: string[] = [];
  for await (const file of filesUnder(cluster.s3.directory)) if (!file.includes(".probe-")) names.push(file);
  return names.sort();
}
