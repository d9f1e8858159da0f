/**
 * The case chat over real HTTP against the production build: the page and its plain form (no JavaScript), bad inputs
 * (markup shown as text, NUL bytes, 10 001 characters, another case's chat), the event stream's headers and 404, and
 * on PostgreSQL two server processes where a message posted on one reaches an event stream opened on the other.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHAT_MESSAGE_MAX, chatMessages } from "~/modules/chat/chat.schema";
import { NUL_MESSAGE } from "~/lib/form";
import { stopRuntime } from "~/platform/runtime.server";
import { cookieHeaderFrom } from "../support/accounts";
import { insertSubmittedCase, seedPerson } from "../support/cases";
import { sseReader } from "../support/chat";
import { jpegFile, pdfFile, svgImage } from "../support/upload-fixtures";
import { ensureProductionBuild, httpRequest, startProductionServer, visibleText, type RunningServer , spaced } from "../support/production-server";
import { persistentDatabaseTarget, startTestRuntimeOn, testEngines } from "../support/test-database";

const FORM = { "content-type": "application/x-www-form-urlencoded" };
const SECRET = "chat-http-secret-chat-http-secret-chat-http-01";

type Person = { userId: string; email: string; password: string; cookie: string };

describe.each(testEngines())("the case chat over HTTP, production build, %s", (engine) => {
  let persistent: Awaited<ReturnType<typeof persistentDatabaseTarget>>;
  const servers: RunningServer[] = [];
  const people = {} as Record<"client" | "stranger", Person>;
  let caseId = "";
  let otherCaseId = "";
  const base = () => servers[0]!.baseUrl;
  const post = (path: string, who: keyof typeof people, fields: Record<string, string>, server = base()) =>
    httpRequest(server, path, { method: "POST", headers: FORM, cookie: people[who].cookie, body: new URLSearchParams(fields).toString() });

  beforeAll(async () => {
    ensureProductionBuild();
    persistent = await persistentDatabaseTarget(engine);
    await startTestRuntimeOn(persistent.target, { AUTH_SECRET: SECRET });
    // Plain accounts (no second factor to pass over HTTP); the case is submitted, so its owner can write.
    for (const [key, name] of [["client", "Colette"], ["stranger", "Sacha"]] as const) {
      const person = await seedPerson("user", name, { email: `${key}.${engine}@chat-http.example` });
      people[key] = { userId: person.userId, email: person.email, password: person.password, cookie: "" };
    }
    caseId = (await insertSubmittedCase(people.client.userId)).id;
    otherCaseId = (await insertSubmittedCase(people.stranger.userId)).id;
    await stopRuntime();
    const env = { ...persistent.serverEnv, AUTH_SECRET: SECRET };
    servers.push(await startProductionServer(env));
    if (engine === "postgres") servers.push(await startProductionServer(env));
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
    for (const server of servers) await server.stop();
    await stopRuntime();
    await persistent?.drop();
  }, 60_000);

  it("without JavaScript: the form posts, redirects, and the page shows the message as text", async () => {
    const hostile = `<script>alert("x")</script><img src=x onerror=alert(1)> ' OR 1=1; --`;
    const sent = await post(`/case/${caseId}/chat`, "client", { message: hostile });
    expect(sent.status).toBe(302);
    expect(sent.location).toBe(`/case/${caseId}/chat`);
    const page = await httpRequest(base(), `/case/${caseId}/chat`, { cookie: people.client.cookie });
    expect(page.status).toBe(200);
    expect(visibleText(page.body)).toContain(spaced(hostile));
    expect(page.body).not.toContain("<img src=x onerror");
    expect(page.body).not.toContain('<script>alert("x")');
    expect(visibleText(page.body)).toContain("Voir le dossier");
  });

  it("refuses a blank message, 10 001 characters and a NUL in French with a 4xx, keeping what was typed", async () => {
    const blank = await post(`/case/${caseId}/chat`, "client", { message: "   " });
    expect(blank.status).toBe(422);
    expect(visibleText(blank.body)).toContain(spaced(chatMessages.blank));

    const long = "a".repeat(CHAT_MESSAGE_MAX + 1);
    const tooLong = await post(`/case/${caseId}/chat`, "client", { message: long });
    expect(tooLong.status).toBe(422);
    expect(visibleText(tooLong.body)).toContain(chatMessages.tooLong.replace(/\s+/g, " "));
    expect(tooLong.body).toContain(long);

    const nul = await post(`/case/${caseId}/chat`, "client", { message: "avant\u0000après" });
    expect(nul.status).toBeGreaterThanOrEqual(400);
    expect(nul.status).toBeLessThan(500);
    expect(visibleText(nul.body)).toMatch(new RegExp(`${NUL_MESSAGE}|La requête n'a pas pu être lue|caractère`));

    const json = await post(`/case/${caseId}/chat/messages?intent=send`, "client", { message: "x\u0000y" });
    expect(json.status).toBeGreaterThanOrEqual(400);
    expect(json.status).toBeLessThan(500);
    const count = await countMessages(base(), caseId, people.client.cookie);
    expect(count).toBe(1);
  });

  it("another case's chat answers 404 to the page, a post, the event stream and polling; nothing is saved there", async () => {
    for (const path of [`/case/${otherCaseId}/chat`, `/case/${otherCaseId}/chat/events`, `/case/${otherCaseId}/chat/events?format=json&after=0`]) {
      const response = await httpRequest(base(), path, { cookie: people.client.cookie, headers: { accept: "text/event-stream" } });
      expect(response.status).toBe(404);
    }
    const page = await httpRequest(base(), `/case/${otherCaseId}/chat`, { cookie: people.client.cookie });
    expect(visibleText(page.body)).toContain(spaced(chatMessages.noAccess));
    expect((await post(`/case/${otherCaseId}/chat`, "client", { message: "Intrusion" })).status).toBe(404);
    expect((await post(`/case/${otherCaseId}/chat/messages?intent=send`, "client", { message: "Intrusion" })).status).toBe(404);
    expect((await post(`/case/${otherCaseId}/chat/messages?intent=read`, "client", {})).status).toBe(404);
    expect(await countMessages(base(), otherCaseId, people.stranger.cookie)).toBe(0);
    expect((await httpRequest(base(), `/case/${caseId}/chat/events`, { cookie: people.stranger.cookie })).status).toBe(404);
  });

  it("attachments: a PDF alone or an image with text, downloaded through a 60-second link by the case's parties only", async () => {
    const upload = async (who: keyof typeof people, target: string, name: string, type: string, bytes: Buffer) => {
      const form = new FormData();
      form.append("fichier", new Blob([new Uint8Array(bytes)], { type }), name);
      return httpRequest(base(), `/case/${target}/chat/fichier`, { method: "POST", cookie: people[who].cookie, body: form, headers: { accept: "application/json" } });
    };
    const pdf = await pdfFile({ marker: "releve-bancaire" });
    const uploaded = await upload("client", caseId, "relevé <mars>.pdf", "application/pdf", pdf);
    expect(uploaded.status).toBe(200);
    const { fileId } = JSON.parse(uploaded.body) as { fileId: string };
    // A file alone is a message.
    const sent = await post(`/case/${caseId}/chat/messages?intent=send`, "client", { message: "", fileId });
    expect(sent.status).toBe(200);
    expect((JSON.parse(sent.body) as { message: { file: { name: string } } }).message.file.name).toContain("mars");
    // The same file cannot be attached twice, nor by someone else to their own case.
    expect((await post(`/case/${otherCaseId}/chat/messages?intent=send`, "stranger", { message: "vol", fileId })).status).toBe(422);

    const link = await httpRequest(base(), `/case/${caseId}/chat/fichier/${fileId}?download=1`, { cookie: people.client.cookie });
    expect(link.status).toBe(302);
    expect(link.location).toMatch(new RegExp(`^/case/${caseId}/chat/fichier/${fileId}\\?exp=\\d+&sig=[A-Za-z0-9_-]{43}&download=1$`));
    const file = await fetch(`${base()}${link.location}`, { headers: { cookie: people.client.cookie } });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition")).toContain("attachment");
    expect(file.headers.get("cache-control")).toBe("no-store");
    expect(Buffer.from(await file.arrayBuffer()).equals(pdf)).toBe(true);
    // The link is bound to its viewer; the attachment is not the stranger's to ask for.
    expect((await httpRequest(base(), link.location!, { cookie: people.stranger.cookie })).status).toBe(404);
    expect((await httpRequest(base(), `/case/${caseId}/chat/fichier/${fileId}`, { cookie: people.stranger.cookie })).status).toBe(404);
    expect((await upload("stranger", caseId, "intrus.pdf", "application/pdf", pdf)).status).toBe(404);

    const image = await upload("client", caseId, "capture.jpg", "image/jpeg", await jpegFile());
    expect(image.status).toBe(200);
    const imageId = (JSON.parse(image.body) as { fileId: string }).fileId;
    expect((await post(`/case/${caseId}/chat/messages?intent=send`, "client", { message: "La capture d'écran", fileId: imageId })).status).toBe(200);
    const thumbLink = await httpRequest(base(), `/case/${caseId}/chat/fichier/${imageId}?preview=1`, { cookie: people.client.cookie });
    const thumb = await fetch(`${base()}${thumbLink.location}`, { headers: { cookie: people.client.cookie } });
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get("content-type")).toBe("image/jpeg");
    expect((await thumb.arrayBuffer()).byteLength).toBeGreaterThan(100);

    const svg = await upload("client", caseId, "image.svg", "image/svg+xml", svgImage);
    expect(svg.status).toBeGreaterThanOrEqual(400);
    expect(svg.status).toBeLessThan(500);
    expect((JSON.parse(svg.body) as { error: string }).error).toMatch(/[éèà]|fichier|format/i);
  });

  it("streams with the event-stream headers, unbuffered; a message posted on one server reaches a stream on the other", async () => {
    const receiving = servers[servers.length - 1]!;
    const controller = new AbortController();
    const response = await fetch(`${receiving.baseUrl}/case/${caseId}/chat/events`, {
      headers: { cookie: people.client.cookie, accept: "text/event-stream", "accept-encoding": "gzip, br" },
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    expect(response.headers.get("cache-control")).toBe("no-cache, no-transform");
    expect(response.headers.get("x-accel-buffering")).toBe("no");
    expect(response.headers.get("content-encoding")).toBeNull();
    const reader = sseReader(response.body!);
    const started = Date.now();
    // Posted on the first server (the only one on the embedded database), read on the last.
    const sent = await post(`/case/${caseId}/chat/messages?intent=send`, "client", { message: "Bonjour depuis l'autre serveur" }, base());
    expect(sent.status).toBe(200);
    const id = (JSON.parse(sent.body) as { message: { id: string } }).message.id;
    const event = await reader.next((candidate) => candidate.event === "message" && candidate.data.includes(id), 5000);
    expect(JSON.parse(event.data).text).toBe("Bonjour depuis l'autre serveur");
    expect(Date.now() - started).toBeLessThan(5000);
    controller.abort();
    await reader.close();
  });

  it.runIf(engine === "postgres")("a server restarted during a conversation: the stream ends at shutdown and the reconnection shows every message once", async () => {
    const restarting = servers[1]!;
    const port = new URL(restarting.baseUrl).port;
    const open = async (lastEventId?: string) => {
      const response = await fetch(`${restarting.baseUrl}/case/${caseId}/chat/events`, {
        headers: { cookie: people.client.cookie, accept: "text/event-stream", ...(lastEventId ? { "last-event-id": lastEventId } : {}) },
      });
      expect(response.status).toBe(200);
      return sseReader(response.body!);
    };
    const say = async (message: string) => {
      const response = await post(`/case/${caseId}/chat/messages?intent=send`, "client", { message });
      return (JSON.parse(response.body) as { message: { id: string } }).message.id;
    };
    const before = await open();
    const first = await say("Avant le redémarrage");
    await before.next((event) => event.data.includes(first));
    const stopping = Date.now();
    await restarting.stop();
    await before.untilEnded(5000);
    expect(Date.now() - stopping).toBeLessThan(8000);
    const during = await say("Pendant le redémarrage");
    servers[1] = await startProductionServer({ ...persistent.serverEnv, AUTH_SECRET: SECRET, PORT: port });
    const after = await open(before.lastEventId!);
    const later = await say("Après le redémarrage");
    await after.next((event) => event.data.includes(later));
    const ids = after.events.filter((event) => event.event === "message").map((event) => (JSON.parse(event.data) as { id: string }).id);
    expect(ids).toEqual([during, later]);
    await after.close();
  }, 120_000);
});

/** The messages of a case as one of its parties reads them (the embedded database is the server's alone meanwhile). */
async function countMessages(baseUrl: string, caseId: string, cookie: string): Promise<number> {
  const response = await httpRequest(baseUrl, `/case/${caseId}/chat/events?format=json&after=0`, { cookie });
  expect(response.status).toBe(200);
  return (JSON.parse(response.body) as { events: { kind: string }[] }).events.filter((event) => event.kind === "message").length;
}
