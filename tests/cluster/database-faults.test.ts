/**
 * The database blinking under two instances (issue 14, item 5): every app connection killed with
 * pg_terminate_backend during a load of sign-ins, case submissions and chat posts; PostgreSQL unreachable for 10 s
 * (a TCP relay of the test's own is cut: the shared PostgreSQL is never stopped). Nothing acknowledged is lost, no
 * 500, a French 503 at worst, and the service recovers without a restart.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASE_UNAVAILABLE_TEXT } from "~/platform/database-errors";
import { completeCaseForm, insertSubmittedCase, seedPerson } from "../support/cases";
import { sseReader } from "../support/chat";
import { httpRequest, spaced, visibleText, type HttpResult } from "../support/production-server";
import { caseSubmission, FORM, postForm, signInOver, startCluster, waitUntil, type Cluster } from "./support/cluster";

type Person = { userId: string; email: string; password: string; caseId: string; cookie: string };

/** A 503 answered by the app reads in French (the database page, the busy page, or a JSON error in French). */
function frenchUnavailable(result: HttpResult): boolean {
  const text = visibleText(result.body);
  return text.includes(spaced(DATABASE_UNAVAILABLE_TEXT)) || /momentanément|réessayez|indisponible/i.test(text);
}

describe("the database blinking under two instances", () => {
  let cluster: Cluster;
  const people: Person[] = [];

  beforeAll(async () => {
    cluster = await startCluster({
      relay: true,
      // A request waits at most 1.5 s for a connection while PostgreSQL is away.
      env: { DATABASE_CONNECT_TIMEOUT_MS: "1500", LOGIN_ATTEMPTS_PER_EMAIL: "1000" },
      async seed() {
        for (let index = 0; index < 6; index += 1) {
          const person = await seedPerson("user", `Panne${index}`, { email: `panne${index}@cluster.example`, verified: true });
          const { id } = await insertSubmittedCase(person.userId);
          people.push({ userId: person.userId, email: person.email, password: person.password, caseId: id, cookie: "" });
        }
      },
    });
    for (const person of people) person.cookie = await signInOver(cluster.proxy.url, person.email, person.password);
  }, 240_000);

  afterAll(async () => {
    await cluster?.stop();
  }, 60_000);

  it("every app connection killed twice during a load of sign-ins, submissions and chat posts: no 500, nothing acknowledged lost, full recovery", async () => {
    const results: { kind: string; result: HttpResult }[] = [];
    const acknowledged: { caseId: string; text: string }[] = [];
    const submittedOk = new Map<string, number>();
    const noAnswer: string[] = [];
    let sequence = 0;
    const worker = async (person: Person, offset: number) => {
      for (let round = offset; round < offset + 4; round += 1) {
        const kind = ["chat", "signin", "chat", "submit", "chat"][round % 5]!;
        let result: HttpResult;
        try {
          if (kind === "chat") {
            const text = `Message ${person.email} n°${(sequence += 1)}`;
            result = await postForm(cluster.proxy.url, `/case/${person.caseId}/chat/messages?intent=send`, { message: text }, person.cookie);
            if (result.status === 200) acknowledged.push({ caseId: person.caseId, text });
          } else if (kind === "signin") {
            result = await postForm(cluster.proxy.url, "/connexion", { email: person.email, password: person.password });
          } else {
            result = await httpRequest(cluster.proxy.url, "/create-case", {
              method: "POST",
              headers: FORM,
              cookie: person.cookie,
              body: caseSubmission({ ...completeCaseForm(), draftId: randomUUID(), intent: "submit", step: "3" }),
            });
            if (result.status === 302 && result.location?.startsWith("/dashboard")) submittedOk.set(person.userId, (submittedOk.get(person.userId) ?? 0) + 1);
          }
        } catch (error) {
          noAnswer.push(`${kind}: ${(error as Error).message} ${String((error as { cause?: unknown }).cause)}`);
          continue;
        }
        results.push({ kind, result });
      }
    };
    const load = Promise.all(people.map((person, index) => worker(person, index)));
    // Kills timed by progress, not by the clock (the machine is shared): after a few answers, then mid-way.
    const killed: number[] = [];
    await waitUntil(() => results.length + noAnswer.length >= 3, 60_000, "premières réponses");
    killed.push(await cluster.killAppConnections());
    await waitUntil(() => results.length + noAnswer.length >= 12, 60_000, "la moitié de la charge");
    killed.push(await cluster.killAppConnections());
    await load;

    expect(killed[0]).toBeGreaterThan(0);
    expect(noAnswer).toEqual([]);
    const statuses = results.map((entry) => entry.result.status);
    expect(statuses.length).toBe(people.length * 4);
    // A submission during the kills is acknowledged (302) or refused in French (503, checked below); which one depends
    // on when the kills land on a shared machine. After the recovery one must go through (below).
    expect(results.filter((entry) => entry.kind === "submit").map((entry) => entry.result.status).every((status) => status === 302 || status === 503)).toBe(true);
    const errors = results.filter((entry) => entry.result.status >= 500);
    expect(errors.filter((entry) => entry.result.status !== 503).map((entry) => `${entry.kind} ${entry.result.status}`)).toEqual([]);
    for (const entry of errors) expect(frenchUnavailable(entry.result), `${entry.kind}: ${entry.result.body.slice(0, 300)}`).toBe(true);
    // At worst a few 503s: most requests went through.
    expect(errors.length).toBeLessThan(statuses.length / 2);

    // Every acknowledged message and submission is in the database.
    const stored = await cluster.query<{ case_id: string; message: string }>("SELECT case_id, message FROM case_chat_messages");
    const storedKeys = new Set(stored.map((row) => `${row.case_id}|${row.message}`));
    for (const message of acknowledged) expect(storedKeys.has(`${message.caseId}|${message.text}`), message.text).toBe(true);
    for (const [userId, count] of submittedOk) {
      const [row] = await cluster.query<{ count: number }>("SELECT count(*)::int AS count FROM cases WHERE user_id = $1 AND status <> 'draft'", [userId]);
      expect(row!.count).toBeGreaterThanOrEqual(count + 1);
    }

    // Recovered, without a restart: both instances alive and serving every kind of request again.
    for (const server of cluster.servers) expect((await httpRequest(server.baseUrl, "/healthz")).status).toBe(200);
    const person = people[0]!;
    for (let i = 0; i < 4; i += 1) {
      expect((await postForm(cluster.proxy.url, "/connexion", { email: person.email, password: person.password })).status).toBe(302);
      expect((await postForm(cluster.proxy.url, `/case/${person.caseId}/chat/messages?intent=send`, { message: `Après la panne ${i}` }, person.cookie)).status).toBe(200);
    }
    const submitted = await httpRequest(cluster.proxy.url, "/create-case", {
      method: "POST",
      headers: FORM,
      cookie: person.cookie,
      body: caseSubmission({ ...completeCaseForm(), draftId: randomUUID(), intent: "submit", step: "3" }),
    });
    expect(submitted.status).toBe(302);
    expect(submitted.location).toMatch(/^\/dashboard/);
  }, 90_000);

  it("PostgreSQL unreachable for 10 s: /healthz answers 503, pages a French 503, then everything recovers, live chat included", async () => {
    const person = people[1]!;
    // A live stream opened before the outage gets what is posted after it (its instance re-listens and replays).
    const controller = new AbortController();
    const stream = await fetch(`${cluster.servers[1]!.baseUrl}/case/${person.caseId}/chat/events`, {
      headers: { cookie: person.cookie, accept: "text/event-stream" },
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    const reader = sseReader(stream.body!);

    const cutAt = Date.now();
    await cluster.relay!.cut();
    for (const server of cluster.servers) {
      const health = await httpRequest(server.baseUrl, "/healthz");
      expect(health.status).toBe(503);
    }
    const page = await httpRequest(cluster.servers[0]!.baseUrl, `/case/${person.caseId}`, { cookie: person.cookie });
    expect(page.status).toBe(503);
    expect(visibleText(page.body)).toContain(spaced(DATABASE_UNAVAILABLE_TEXT));
    const post = await postForm(cluster.servers[1]!.baseUrl, `/case/${person.caseId}/chat/messages?intent=send`, { message: "Pendant la coupure" }, person.cookie);
    expect(post.status).toBe(503);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, 10_000 - (Date.now() - cutAt))));
    for (const server of cluster.servers) expect((await httpRequest(server.baseUrl, "/healthz")).status).toBe(503);
    await cluster.relay!.restore();

    await waitUntil(
      async () => (await Promise.all(cluster.servers.map((server) => httpRequest(server.baseUrl, "/healthz")))).every((health) => health.status === 200),
      15_000,
      "les deux instances de nouveau prêtes",
    );
    const sent = await postForm(cluster.servers[0]!.baseUrl, `/case/${person.caseId}/chat/messages?intent=send`, { message: "Après la coupure" }, person.cookie);
    expect(sent.status).toBe(200);
    const id = (JSON.parse(sent.body) as { message: { id: string } }).message.id;
    const event = await reader.next((candidate) => candidate.event === "message" && candidate.data.includes(id), 15_000);
    expect(JSON.parse(event.data).text).toBe("Après la coupure");
    expect(reader.events.some((candidate) => candidate.data.includes("Pendant la coupure"))).toBe(false);
    controller.abort();
    await reader.close();
    expect((await postForm(cluster.proxy.url, "/connexion", { email: person.email, password: person.password })).status).toBe(302);
  }, 90_000);
});
