/**
 * Crashes and abusive clients (issue 14, item 5): an instance killed with SIGKILL mid-upload and mid-job leaves no
 * orphan row or object once the janitor has run, and the job runs again exactly once; a slowloris client and streams
 * over the event-stream caps do not stop others from being served (timeouts and caps from the environment, compressed here).
 */
import { readdir } from "node:fs/promises";
import net from "node:net";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STREAM_REFUSED_TEXT } from "~/modules/chat/chat-stream.server";
import { insertSubmittedCase, seedPerson } from "../support/cases";
import { httpRequest, siteOrigin, type RunningServer } from "../support/production-server";
import { filesUnder } from "../support/s3-server";
import { pdfFile } from "../support/upload-fixtures";
import { postForm, signInOver, startCluster, waitUntil, type Cluster } from "./support/cluster";

type Person = { userId: string; email: string; password: string; caseId: string; cookie: string };

describe("crashes and abusive clients", () => {
  let cluster: Cluster;
  const people: Person[] = [];
  const server = () => cluster.servers[0]!;

  /** SIGKILL, then a fresh instance on the same schema takes its place. */
  async function killAndReplace(victim: RunningServer, whileDown?: () => Promise<void>): Promise<RunningServer> {
    process.kill(victim.pid!, "SIGKILL");
    await waitUntil(async () => !(await httpRequest(victim.baseUrl, "/healthz").then(() => true, () => false)), 10_000, "instance arrêtée");
    // Checked before the replacement starts: its worker may take the job up again as soon as the lease ends.
    await whileDown?.();
    const replacement = await cluster.startServer();
    cluster.servers.splice(cluster.servers.indexOf(victim), 1, replacement);
    return replacement;
  }

  beforeAll(async () => {
    cluster = await startCluster({
      instances: 1,
      env: {
        JOB_LEASE_SECONDS: "2",
        STORAGE_JANITOR_GRACE_SECONDS: "1",
        SERVER_HEADERS_TIMEOUT_MS: "2000",
        LOGIN_ATTEMPTS_PER_EMAIL: "1000",
      },
      async seed() {
        for (let index = 0; index < 7; index += 1) {
          const person = await seedPerson("user", `Crash${index}`, { email: `crash${index}@cluster.example`, verified: true });
          const { id } = await insertSubmittedCase(person.userId);
          people.push({ userId: person.userId, email: person.email, password: person.password, caseId: id, cookie: "" });
        }
      },
    });
    for (const person of people) person.cookie = await signInOver(server().baseUrl, person.email, person.password);
  }, 240_000);

  afterAll(async () => {
    await cluster?.stop();
  }, 60_000);

  it("SIGKILL mid-upload: no row, and the janitor leaves no orphan object or spooled file", async () => {
    const person = people[0]!;
    const rowsBefore = await cluster.query<{ count: number }>("SELECT count(*)::int AS count FROM stored_files");
    const pdf = await pdfFile({ marker: "coupe-en-plein-envoi", padTo: 6 * 1024 * 1024 });
    const boundary = "----recours-cluster-kill";
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="fichier"; filename="releve.pdf"\r\nContent-Type: application/pdf\r\n\r\n`);
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const url = new URL(`${server().baseUrl}/case/${person.caseId}/chat/fichier`);
    const request = http.request({
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      method: "POST",
      headers: {
        cookie: person.cookie,
        origin: siteOrigin(url.origin),
        accept: "application/json",
        "content-type": `multipart/form-data; boundary=${boundary}`,
        "content-length": String(head.length + pdf.length + tail.length),
      },
    });
    request.on("error", () => undefined);
    request.write(head);
    request.write(pdf.subarray(0, 4 * 1024 * 1024));
    // The instance is spooling the encrypted object when it dies.
    const spool = cluster.serverEnv.S3_SPOOL_DIRECTORY!;
    await waitUntil(async () => (await readdir(spool)).length > 0, 15_000, "un fichier en cours d'envoi");
    await killAndReplace(server());
    request.destroy();
    expect((await readdir(spool)).length).toBeGreaterThan(0);
    expect(await cluster.query("SELECT count(*)::int AS count FROM stored_files")).toEqual(rowsBefore);

    await runJanitor(cluster);
    expect(await readdir(spool)).toEqual([]);
    const named = new Set((await cluster.query<{ object_name: string }>("SELECT object_name FROM stored_files")).map((row) => row.object_name));
    for await (const file of filesUnder(cluster.s3.directory)) {
      const name = file.split("/").find((part) => /^[a-z0-9]{20,64}$/.test(part));
      if (name && !file.includes(".probe-")) expect(named.has(name), file).toBe(true);
    }
  }, 90_000);

  it("SIGKILL mid-job: the email job runs again once its lease ends, and the email is sent exactly once", async () => {
    const person = people[1]!;
    const release = cluster.smtp.hold();
    try {
      expect((await postForm(server().baseUrl, "/mot-de-passe-oublie", { email: person.email })).status).toBeLessThan(400);
      // The instance is inside the SMTP conversation (its message sent, the server's answer pending) when it dies.
      await waitUntil(() => cluster.smtp.held() > 0, 15_000, "un envoi en cours");
      await killAndReplace(server(), () => waitUntil(() => cluster.smtp.held() === 0, 10_000, "l'envoi interrompu abandonné"));
    } finally {
      release();
    }
    await cluster.smtp.waitFor((mail) => mail.to.includes(person.email), 20_000);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(cluster.smtp.received.filter((mail) => mail.to.includes(person.email))).toHaveLength(1);
    const jobs = await cluster.query<{ status: string; attempts: number }>(
      "SELECT status, attempts FROM jobs WHERE kind = 'email' AND payload::text LIKE $1",
      [`%${person.email}%`],
    );
    expect(jobs).toEqual([{ status: "done", attempts: 2 }]);
  }, 90_000);

  it("a slowloris client is cut after the headers timeout while others are served", async () => {
    const { port } = new URL(server().baseUrl);
    const slow: net.Socket[] = [];
    const closedAt: number[] = [];
    const started = Date.now();
    for (let i = 0; i < 40; i += 1) {
      const socket = net.connect(Number(port), "127.0.0.1");
      socket.on("error", () => undefined);
      socket.on("close", () => closedAt.push(Date.now() - started));
      socket.write("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n");
      slow.push(socket);
    }
    const drip = setInterval(() => {
      for (const socket of slow) if (!socket.destroyed) socket.write("X-Lent: a\r\n");
    }, 300);
    try {
      for (let i = 0; i < 3; i += 1) {
        const page = await httpRequest(server().baseUrl, "/");
        expect(page.status).toBe(200);
      }
      expect((await httpRequest(server().baseUrl, "/healthz")).status).toBe(200);
      await waitUntil(() => closedAt.length === slow.length, 10_000, "connexions lentes coupées");
    } finally {
      clearInterval(drip);
      for (const socket of slow) socket.destroy();
    }
    // Headers timeout 2 s, checked every 0.5 s: none outlived 2 s by much.
    expect(Math.max(...closedAt)).toBeLessThan(6000);
  }, 60_000);

});

/**
 * The event-stream caps on an instance of their own (3 per instance, 2 per person): the streams over them are refused
 * in French, everyone else is served and polls instead, and a closed stream frees its place.
 */
describe("event-stream caps", () => {
  let cluster: Cluster;
  const people: Person[] = [];
  const server = () => cluster.servers[0]!;

  beforeAll(async () => {
    cluster = await startCluster({
      instances: 1,
      env: { SSE_STREAMS_PER_USER: "2", SSE_STREAMS_PER_INSTANCE: "3", LOGIN_ATTEMPTS_PER_EMAIL: "1000" },
      async seed() {
        for (let index = 0; index < 3; index += 1) {
          const person = await seedPerson("user", `Flux${index}`, { email: `flux${index}@cluster.example`, verified: true });
          const { id } = await insertSubmittedCase(person.userId);
          people.push({ userId: person.userId, email: person.email, password: person.password, caseId: id, cookie: "" });
        }
      },
    });
    for (const person of people) person.cookie = await signInOver(server().baseUrl, person.email, person.password);
  }, 240_000);

  afterAll(async () => {
    await cluster?.stop();
  }, 60_000);

  it("streams over the caps are refused in French, others are served, and a closed stream frees its place", async () => {
    const [first, second, third] = people as [Person, Person, Person];
    const controllers: AbortController[] = [];
    const open = async (person: Person) => {
      const controller = new AbortController();
      controllers.push(controller);
      const response = await fetch(`${server().baseUrl}/case/${person.caseId}/chat/events`, {
        headers: { cookie: person.cookie, accept: "text/event-stream" },
        signal: controller.signal,
        redirect: "manual",
      });
      return { response, controller };
    };
    try {
      const a1 = await open(first);
      const a2 = await open(first);
      expect([a1.response.status, a2.response.status]).toEqual([200, 200]);
      expect(a1.response.headers.get("content-type")).toContain("text/event-stream");
      const overPersonalCap = await open(first);
      expect(overPersonalCap.response.status).toBe(503);
      expect(await overPersonalCap.response.text()).toBe(STREAM_REFUSED_TEXT);

      expect((await open(second)).response.status).toBe(200);
      const overInstanceCap = await open(third);
      expect(overInstanceCap.response.status).toBe(503);
      expect(await overInstanceCap.response.text()).toBe(STREAM_REFUSED_TEXT);

      // The refused person is still served: the page, a post, and the poll the page falls back to.
      expect((await httpRequest(server().baseUrl, `/case/${third.caseId}/chat`, { cookie: third.cookie })).status).toBe(200);
      expect((await postForm(server().baseUrl, `/case/${third.caseId}/chat/messages?intent=send`, { message: "Toujours servi" }, third.cookie)).status).toBe(200);
      const polled = await httpRequest(server().baseUrl, `/case/${third.caseId}/chat/events?format=json&after=0`, { cookie: third.cookie });
      expect(polled.body).toContain("Toujours servi");

      // A closed stream frees its place on the instance.
      a1.controller.abort();
      await waitUntil(async () => {
        const retry = await open(third);
        if (retry.response.status !== 200) await retry.response.text();
        return retry.response.status === 200;
      }, 10_000, "une place libérée");
    } finally {
      for (const controller of controllers) controller.abort();
    }
  }, 120_000);
});

/** Makes the queued storage janitor due now and waits until an instance has run it. */
async function runJanitor(cluster: Cluster): Promise<void> {
  const [job] = await cluster.query<{ id: number }>(
    "UPDATE jobs SET run_at = now() WHERE id = (SELECT id FROM jobs WHERE kind = 'files.storage-janitor' AND status = 'queued' ORDER BY id LIMIT 1) RETURNING id",
  );
  expect(job).toBeDefined();
  await waitUntil(
    async () => (await cluster.query<{ status: string }>("SELECT status FROM jobs WHERE id = $1", [job!.id]))[0]?.status === "done",
    20_000,
    "le ménage du stockage",
  );
}
