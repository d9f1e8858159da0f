/**
 * The case chat's use cases on PGlite and PostgreSQL: who may use it, the sending rules and bad inputs, the keyset
 * pages, read receipts (admins only observe), and the event stream (replay, access re-checked at every event, a lost
 * LISTEN connection).
 */
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openChatEventStream } from "~/modules/chat/chat-stream.server";
import { CHAT_MESSAGE_MAX, chatMessages, sendMessageSchema, type ChatMessageView } from "~/modules/chat/chat.schema";
import { chatEventsAfter, chatThreadFor, markChatRead, sendChatMessage } from "~/modules/chat/chat.server";
import { NotFoundError, type UserActor } from "~/platform/actor";
import { liveEvents, liveEventsBackendPid } from "~/platform/live-events.server";
import { db } from "~/platform/runtime.server";
import { assignTo, seedChatWorld, sseReader, type ChatWorld } from "../support/chat";
import { startTestRuntime, testEngines } from "../support/test-database";

async function send(actor: UserActor, caseId: string, message: string): Promise<ChatMessageView> {
  const result = await sendChatMessage(actor, caseId, sendMessageSchema.parse({ message }));
  if (!result.ok) throw new Error(result.message);
  return result.message;
}

async function stream(actor: UserActor, caseId: string, options: { lastEventId?: string; after?: string } = {}) {
  const controller = new AbortController();
  const response = await openChatEventStream(actor, caseId, { ...options, signal: controller.signal });
  return { response, reader: sseReader(response.body!), abort: () => controller.abort() };
}

describe.each(testEngines())("case chat, %s", (engine) => {
  let stop: () => Promise<void>;
  let world: ChatWorld;

  beforeAll(async () => {
    ({ stop } = await startTestRuntime(engine));
    world = await seedChatWorld();
  }, 60_000);

  afterAll(async () => {
    await stop?.();
  });

  it("opens for the owner, the assigned lawyer and admins; anyone else gets 'Vous n'avez pas accès à ce dossier'", async () => {
    for (const actor of [world.owner, world.lawyer, world.admin]) {
      const view = await chatThreadFor(actor, world.caseId);
      expect(view.chat.caseNumber).toBe(world.caseNumber);
    }
    for (const actor of [world.stranger, world.otherLawyer]) {
      await expect(chatThreadFor(actor, world.caseId)).rejects.toMatchObject({ status: 404, publicMessage: chatMessages.noAccess });
      await expect(send(actor, world.caseId, "Bonjour")).rejects.toBeInstanceOf(NotFoundError);
      await expect(openChatEventStream(actor, world.caseId, {})).rejects.toBeInstanceOf(NotFoundError);
      await expect(chatEventsAfter(actor, world.caseId, 0)).rejects.toBeInstanceOf(NotFoundError);
    }
    await expect(chatThreadFor(world.owner, "pas-un-uuid")).rejects.toBeInstanceOf(NotFoundError);
    await expect(chatThreadFor(world.owner, "00000000-0000-4000-8000-000000000000")).rejects.toBeInstanceOf(NotFoundError);
  });

  it("refuses blank and over-long messages in French, keeps markup and SQL metacharacters as plain text, never stores a NUL", async () => {
    expect(sendMessageSchema.safeParse({ message: "  \n\t " }).error?.issues[0]?.message).toBe(chatMessages.blank);
    expect(sendMessageSchema.safeParse({ message: "é".repeat(CHAT_MESSAGE_MAX + 1) }).error?.issues[0]?.message).toBe(chatMessages.tooLong);
    expect(sendMessageSchema.safeParse({ message: "😀".repeat(CHAT_MESSAGE_MAX) }).success).toBe(true);
    expect(sendMessageSchema.safeParse({ message: "a\u0007b" }).success).toBe(false);

    const hostile = `<script>alert(1)</script><img src=x onerror="alert(2)"> '; DROP TABLE case_chat_messages; -- %_\\`;
    const sent = await send(world.owner, world.caseId, hostile);
    expect(sent.text).toBe(hostile);
    const withNul = await sendChatMessage(world.owner, world.caseId, { message: "avant\u0000après", fileId: undefined, clientId: undefined });
    expect(withNul.ok && withNul.message.text).toBe("avantaprès");
    const view = await chatThreadFor(world.lawyer, world.caseId);
    expect(view.messages.map((message) => message.text)).toContain(hostile);
    expect(Number((await db().selectFrom("case_chat_messages").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n)).toBeGreaterThan(0);
  });

  it("a retried post (same clientId) makes one message", async () => {
    const clientId = crypto.randomUUID();
    const first = await sendChatMessage(world.owner, world.caseId, { message: "Une seule fois", clientId, fileId: undefined });
    const again = await sendChatMessage(world.owner, world.caseId, { message: "Une seule fois", clientId, fileId: undefined });
    expect(first.ok && again.ok && first.message.id === again.message.id).toBe(true);
    const count = await db().selectFrom("case_chat_messages").select((eb) => eb.fn.countAll().as("n")).where("message", "=", "Une seule fois").executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it("loads the latest 50 messages, then older pages by keyset, each message once", async () => {
    const paged = await seedChatWorld("Page");
    // 120 messages, several sharing one created_at (keyset ties broken by id).
    await sql`
      INSERT INTO case_chat_messages (case_id, sender_id, message, created_at)
      SELECT ${paged.caseId}::uuid, ${paged.owner.userId}, 'Message ' || g, timestamptz '2026-01-01 10:00:00+00' + (g / 3) * interval '1 minute'
      FROM generate_series(1, 120) AS g`.execute(db());
    const first = await chatThreadFor(paged.owner, paged.caseId);
    expect(first.messages).toHaveLength(50);
    expect(first.messages.at(-1)!.text).toBe("Message 120");
    const seen = new Set(first.messages.map((message) => message.id));
    let cursor = first.olderCursor;
    let pages = 1;
    while (cursor) {
      const page = await chatThreadFor(paged.owner, paged.caseId, { before: cursor });
      for (const message of page.messages) {
        expect(seen.has(message.id)).toBe(false);
        seen.add(message.id);
      }
      cursor = page.olderCursor;
      pages += 1;
    }
    expect(seen.size).toBe(120);
    expect(pages).toBe(3);
    // A forged cursor reads as none (the first page), never an error.
    expect((await chatThreadFor(paged.owner, paged.caseId, { before: "'; DROP TABLE cases; --" })).messages).toHaveLength(50);
  });

  it("read receipts: the recipient's reading marks the other side's messages; admins only observe", async () => {
    const receipts = await seedChatWorld("Lu");
    const fromClient = await send(receipts.owner, receipts.caseId, "Avez-vous reçu mes relevés ?");
    await markChatRead(receipts.admin, receipts.caseId);
    expect((await chatThreadFor(receipts.admin, receipts.caseId)).messages[0]!.readAt).toBeNull();
    // The owner does not read their own message.
    expect((await markChatRead(receipts.owner, receipts.caseId)).marked).toBe(0);
    expect((await markChatRead(receipts.lawyer, receipts.caseId)).marked).toBe(1);
    const row = await db().selectFrom("case_chat_messages").select(["read_status", "read_at"]).where("id", "=", fromClient.id).executeTakeFirstOrThrow();
    expect(row.read_status).toBe(true);
    expect(row.read_at).toBeInstanceOf(Date);

    const fromAdmin = await send(receipts.admin, receipts.caseId, "Message de l'administration");
    const fromLawyer = await send(receipts.lawyer, receipts.caseId, "Oui, bien reçus.");
    expect((await markChatRead(receipts.lawyer, receipts.caseId)).marked).toBe(0);
    expect((await markChatRead(receipts.owner, receipts.caseId)).marked).toBe(2);
    const read = await db().selectFrom("case_chat_messages").select(["id", "read_status"]).where("id", "in", [fromAdmin.id, fromLawyer.id]).execute();
    expect(read.every((message) => message.read_status)).toBe(true);
  });

  it("streams new messages and read receipts, replays after Last-Event-ID with no gap and no duplicate", async () => {
    const live = await seedChatWorld("Flux");
    const lawyerStream = await stream(live.lawyer, live.caseId);
    expect(lawyerStream.response.headers.get("content-type")).toContain("text/event-stream");
    expect(lawyerStream.response.headers.get("cache-control")).toBe("no-cache, no-transform");
    expect(lawyerStream.response.headers.get("x-accel-buffering")).toBe("no");
    const first = await send(live.owner, live.caseId, "Premier message");
    const received = await lawyerStream.reader.next((event) => event.event === "message" && event.data.includes(first.id));
    expect(JSON.parse(received.data).text).toBe("Premier message");

    const ownerStream = await stream(live.owner, live.caseId);
    await markChatRead(live.lawyer, live.caseId);
    const receipt = await ownerStream.reader.next((event) => event.event === "read");
    expect(JSON.parse(receipt.data).ids).toEqual([first.id]);

    // The lawyer's page goes away; three messages are sent; it comes back with its last event id.
    const lastId = lawyerStream.reader.lastEventId!;
    lawyerStream.abort();
    await lawyerStream.reader.close();
    const missed = [await send(live.owner, live.caseId, "Deux"), await send(live.owner, live.caseId, "Trois"), await send(live.admin, live.caseId, "Quatre")];
    const back = await stream(live.lawyer, live.caseId, { lastEventId: lastId });
    await back.reader.next((event) => event.data.includes(missed[2]!.id));
    const after = await send(live.owner, live.caseId, "Cinq");
    await back.reader.next((event) => event.data.includes(after.id));
    const ids = back.reader.events.filter((event) => event.event === "message").map((event) => JSON.parse(event.data).id as string);
    expect(ids).toEqual([...missed.map((message) => message.id), after.id]);

    // The polling fallback answers the same events.
    const polled = await chatEventsAfter(live.lawyer, live.caseId, Number(lastId));
    expect(polled.events.filter((event) => event.kind === "message").map((event) => (event.kind === "message" ? event.message.id : ""))).toEqual(ids);
    back.abort();
    ownerStream.abort();
    await back.reader.close();
    await ownerStream.reader.close();
  });

  it("a stream kept open after the lawyer is reassigned is closed at the next event", async () => {
    const moved = await seedChatWorld("Retrait");
    const lawyerStream = await stream(moved.lawyer, moved.caseId);
    await assignTo(moved.caseId, moved.otherLawyer.userId);
    const secret = await send(moved.owner, moved.caseId, "Pour mon nouvel avocat seulement");
    const closed = await lawyerStream.reader.next((event) => event.event === "closed");
    expect(JSON.parse(closed.data).message).toBe(chatMessages.lostAccess);
    await lawyerStream.reader.untilEnded();
    expect(lawyerStream.reader.events.some((event) => event.data.includes(secret.id))).toBe(false);
    await expect(openChatEventStream(moved.lawyer, moved.caseId, {})).rejects.toBeInstanceOf(NotFoundError);
  });

  it.runIf(engine === "postgres")("a message posted while the LISTEN connection is down reaches open streams after it reconnects", async () => {
    const outage = await seedChatWorld("Panne");
    const lawyerStream = await stream(outage.lawyer, outage.caseId);
    const before = await send(outage.owner, outage.caseId, "Avant la panne");
    await lawyerStream.reader.next((event) => event.data.includes(before.id));
    const pid = liveEventsBackendPid();
    expect(pid).toBeTypeOf("number");
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query("SELECT pg_terminate_backend($1)", [pid]);
    await admin.end();
    // Sent while the listener is down: its notice is lost, the reconnection's replay brings it.
    const deadline = Date.now() + 5000;
    while (liveEvents().status() === "listening" && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
    const during = await send(outage.owner, outage.caseId, "Pendant la panne");
    await lawyerStream.reader.next((event) => event.data.includes(during.id), 15_000);
    expect(liveEvents().status()).toBe("listening");
    const afterwards = await send(outage.owner, outage.caseId, "Après la panne");
    await lawyerStream.reader.next((event) => event.data.includes(afterwards.id));
    const ids = lawyerStream.reader.events.filter((event) => event.event === "message").map((event) => JSON.parse(event.data).id);
    expect(ids).toEqual([before.id, during.id, afterwards.id]);
    lawyerStream.abort();
    await lawyerStream.reader.close();
  }, 30_000);
});
