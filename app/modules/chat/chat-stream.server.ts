import { assertUser, type Actor } from "~/platform/actor";
import { liveEvents } from "~/platform/live-events.server";
import { logger } from "~/platform/logger.server";
import { db } from "~/platform/runtime.server";
import { chatMessages, type ChatEvent, type ChatRole } from "./chat.schema";
import { chatCaseFor, chatTopic, chatViewerOf, currentPosition, eventRowsAfter, eventsFor } from "./chat.server";

/** A comment line this often keeps proxies and the browser from closing an idle stream, and re-checks access. */
export const HEARTBEAT_MILLISECONDS = 20_000;
/** What the browser waits before reconnecting a dropped stream. */
export const RETRY_MILLISECONDS = 3000;
const BATCH_ROWS = 500;
/** A stream further behind than this many rows is told to reload the page rather than replay. */
const MAX_REPLAY_BATCHES = 4;

export const EVENT_STREAM_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  "Cache-Control": "no-cache, no-transform",
  "X-Accel-Buffering": "no",
} as const;

const encoder = new TextEncoder();

interface StreamClient {
  viewerId: string;
  position: number;
  write(text: string): void;
  end(): void;
}

export function formatEvent(event: ChatEvent): string {
  const data = event.kind === "message" ? event.message : { ids: event.ids, readAt: event.readAt };
  return `id: ${event.position}\nevent: ${event.kind}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * The open streams of one case on this instance. A notice wakes the hub, which reads the case's access once and its
 * new events once for all its streams, then gives each stream what comes after its own position.
 */
class CaseHub {
  readonly clients = new Set<StreamClient>();
  private running: Promise<void> | undefined;
  private again = false;
  private readonly unsubscribe: () => void;
  private readonly heartbeat: NodeJS.Timeout;

  constructor(
    readonly caseId: string,
    private readonly onEmpty: () => void,
  ) {
    this.unsubscribe = liveEvents().subscribe(chatTopic(caseId), () => this.wake());
    this.heartbeat = setInterval(() => {
      for (const client of this.clients) client.write(": hb\n\n");
      this.wake();
    }, HEARTBEAT_MILLISECONDS);
    this.heartbeat.unref();
  }

  join(client: StreamClient): void {
    this.clients.add(client);
    this.wake();
  }

  leave(client: StreamClient): void {
    if (!this.clients.delete(client)) return;
    if (this.clients.size === 0) {
      this.unsubscribe();
      clearInterval(this.heartbeat);
      this.onEmpty();
    }
  }

  wake(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = (async () => {
      do {
        this.again = false;
        try {
          await this.deliver();
        } catch (error) {
          logger.error({ err: error, caseId: this.caseId }, "messagerie : diffusion en échec");
        }
      } while (this.again && this.clients.size > 0);
    })().finally(() => (this.running = undefined));
  }

  /** Ends the streams of people who may no longer use this chat. Runs after the events are read, before any is sent. */
  private async checkAccess(): Promise<void> {
    const database = db();
    // Access is checked again at every event: a reassigned lawyer's stream ends here.
    const row = await database.selectFrom("cases").select(["user_id", "assigned_lawyer_id"]).where("id", "=", this.caseId).executeTakeFirst();
    const viewerIds = [...new Set([...this.clients].map((client) => client.viewerId))];
    if (viewerIds.length === 0) return;
    const roles = new Map(
      (await database.selectFrom("profiles").select(["id", "role"]).where("id", "in", viewerIds).execute()).map((profile) => [profile.id, profile.role]),
    );
    for (const client of [...this.clients]) {
      const role = roles.get(client.viewerId);
      if (!row || !role || !chatViewerOf({ userId: client.viewerId, role: role as ChatRole }, row)) {
        client.write(`event: closed\ndata: ${JSON.stringify({ message: chatMessages.lostAccess })}\n\n`);
        client.end();
      }
    }
  }

  private async deliver(): Promise<void> {
    if (this.clients.size === 0) return;
    let checked = false;
    for (let batch = 0; batch < MAX_REPLAY_BATCHES && this.clients.size > 0; batch += 1) {
      const from = Math.min(...[...this.clients].map((client) => client.position));
      const rows = await eventRowsAfter(this.caseId, from, BATCH_ROWS);
      if (!checked || rows.length > 0) {
        await this.checkAccess();
        checked = true;
      }
      if (rows.length === 0) return;
      for (const client of this.clients) {
        // A stream that joined while these rows were read may be further behind: the next round serves it.
        if (client.position < from) continue;
        const events = eventsFor(rows, client.position);
        if (events.length === 0) continue;
        client.write(events.map(formatEvent).join(""));
        client.position = events[events.length - 1]!.position;
      }
      if (rows.length < BATCH_ROWS) return;
    }
    // Still behind after a long replay: the page reloads its latest messages instead.
    const from = Math.min(...[...this.clients].map((client) => client.position));
    if ((await eventRowsAfter(this.caseId, from, 1)).length === 0) return;
    for (const client of [...this.clients]) {
      if ((await eventRowsAfter(this.caseId, client.position, 1)).length === 0) continue;
      client.write(`event: reload\ndata: {}\n\n`);
      client.end();
    }
  }
}

const hubs = new Map<string, CaseHub>();

function hubFor(caseId: string): CaseHub {
  let hub = hubs.get(caseId);
  if (!hub) {
    const created: CaseHub = new CaseHub(caseId, () => {
      if (hubs.get(caseId) === created) hubs.delete(caseId);
    });
    hubs.set(caseId, created);
    hub = created;
  }
  return hub;
}

/** Open event streams on this instance (bench and tests). */
export function openChatStreams(): number {
  let count = 0;
  for (const hub of hubs.values()) count += hub.clients.size;
  return count;
}

function positionFrom(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  return Number(value);
}

/**
 * The case's chat as Server-Sent Events: new messages and read receipts, from `Last-Event-ID` (a reconnection) or
 * `after` (the page's position), else from now. Someone who may not use the chat gets NotFoundError (404).
 */
export async function openChatEventStream(
  actor: Actor,
  caseId: string,
  options: { lastEventId?: string | null; after?: string | null; signal?: AbortSignal },
): Promise<Response> {
  assertUser(actor);
  await chatCaseFor(actor, caseId);
  const bus = liveEvents();
  await bus.ready();
  const position = positionFrom(options.lastEventId) ?? positionFrom(options.after) ?? (await currentPosition(caseId));
  let client: StreamClient | undefined;
  let closed = false;
  const hub = hubFor(caseId);
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      client = {
        viewerId: actor.userId,
        position,
        write(text) {
          if (closed) return;
          try {
            controller.enqueue(encoder.encode(text));
          } catch {
            this.end();
          }
        },
        end() {
          if (closed) return;
          closed = true;
          hub.leave(this);
          try {
            controller.close();
          } catch {
            // already closed by the client
          }
        },
      };
      client.write(`retry: ${RETRY_MILLISECONDS}\n: ouvert\n\n`);
      hub.join(client);
    },
    cancel() {
      closed = true;
      if (client) hub.leave(client);
    },
  });
  options.signal?.addEventListener("abort", () => client?.end(), { once: true });
  return new Response(stream, { headers: EVENT_STREAM_HEADERS });
}
