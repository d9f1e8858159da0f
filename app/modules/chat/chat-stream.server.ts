import { assertUser, type Actor } from "~/platform/actor";
import { liveEvents, trackLiveStream } from "~/platform/live-events.server";
import { logger } from "~/platform/logger.server";
import { db, runtime } from "~/platform/runtime.server";
import { caseAccess, caseViewerOf } from "~/modules/cases/case-access.server";
import { chatMessages, type ChatEvent } from "./chat.schema";
import { chatTopic, currentPosition, eventRowsAfter, eventsFor } from "./chat.server";

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
      for (;;) {
        this.again = false;
        try {
          await this.deliver();
        } catch (error) {
          logger.error({ err: error, caseId: this.caseId }, "messagerie : diffusion en échec");
        }
        // Decided and cleared in one synchronous step: a notice arriving now either sees `running` unset and starts
        // a round, or is seen here. (Clearing it in a later `finally` lost notices that came in between.)
        if (!this.again || this.clients.size === 0) {
          this.running = undefined;
          return;
        }
      }
    })();
  }

  /** Ends the streams of people who may no longer use this chat. Runs after the events are read, before any is sent. */
  private async checkAccess(): Promise<Set<StreamClient>> {
    // The streams present now: one that joins during the query is checked at the next round, not refused.
    const checked = [...this.clients];
    const viewerIds = [...new Set(checked.map((client) => client.viewerId))];
    if (viewerIds.length === 0) return new Set();
    // Access is checked again at every event (one query: the case's parties, the viewers' current roles).
    const found = await db()
      .selectFrom("cases as c")
      .leftJoin("profiles as p", (join) => join.on("p.id", "in", viewerIds))
      .select(["c.user_id", "c.assigned_lawyer_id", "p.id as viewer_id", "p.role"])
      .where("c.id", "=", this.caseId)
      .execute();
    const row = found[0];
    const roles = new Map(found.filter((entry) => entry.viewer_id).map((entry) => [entry.viewer_id!, entry.role!]));
    for (const client of checked) {
      const role = roles.get(client.viewerId);
      if (!row || !role || !caseViewerOf({ userId: client.viewerId, role }, row)) {
        client.write(`event: closed\ndata: ${JSON.stringify({ message: chatMessages.lostAccess })}\n\n`);
        client.end();
      }
    }
    return new Set(checked.filter((client) => this.clients.has(client)));
  }

  private async deliver(): Promise<void> {
    if (this.clients.size === 0) return;
    let allowed: Set<StreamClient> | undefined;
    for (let batch = 0; batch < MAX_REPLAY_BATCHES && this.clients.size > 0; batch += 1) {
      const from = Math.min(...[...this.clients].map((client) => client.position));
      const rows = await eventRowsAfter(this.caseId, from, BATCH_ROWS);
      if (!allowed || rows.length > 0) allowed = await this.checkAccess();
      if (rows.length === 0) return;
      for (const client of this.clients) {
        // A stream that joined after the access check, or is further behind than these rows: the next round serves it.
        if (!allowed.has(client) || client.position < from) continue;
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

/** Open streams per person on this instance, for the caps (decision 0054). */
const streamsByViewer = new Map<string, number>();
let streamsOpen = 0;

export const STREAM_REFUSED_TEXT =
  "Le direct de la messagerie est momentanément saturé. Vos messages restent disponibles\u202f: la page les recharge régulièrement.";

/** A refused stream: the page falls back to polling (an EventSource does not retry a 503). */
function streamRefused(reason: "viewer" | "instance"): Response {
  logger.warn({ reason }, "messagerie : flux en direct refusé (plafond atteint)");
  return new Response(STREAM_REFUSED_TEXT, {
    status: 503,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "Retry-After": "30" },
  });
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
  await caseAccess(actor, caseId);
  const bus = liveEvents();
  await bus.ready();
  const position = positionFrom(options.lastEventId) ?? positionFrom(options.after) ?? (await currentPosition(caseId));
  const limits = runtime().env;
  if (streamsOpen >= limits.SSE_STREAMS_PER_INSTANCE) return streamRefused("instance");
  if ((streamsByViewer.get(actor.userId) ?? 0) >= limits.SSE_STREAMS_PER_USER) return streamRefused("viewer");
  streamsOpen += 1;
  streamsByViewer.set(actor.userId, (streamsByViewer.get(actor.userId) ?? 0) + 1);
  let counted = true;
  const uncount = () => {
    if (!counted) return;
    counted = false;
    streamsOpen -= 1;
    const left = (streamsByViewer.get(actor.userId) ?? 1) - 1;
    if (left <= 0) streamsByViewer.delete(actor.userId);
    else streamsByViewer.set(actor.userId, left);
  };
  let client: StreamClient | undefined;
  let closed = false;
  let untrack: () => void = () => undefined;
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
          untrack();
          uncount();
          hub.leave(this);
          try {
            controller.close();
          } catch {
            // already closed by the client
          }
        },
      };
      client.write(`retry: ${RETRY_MILLISECONDS}\n: ouvert\n\n`);
      const opened = client;
      untrack = trackLiveStream(() => opened.end());
      hub.join(client);
    },
    cancel() {
      closed = true;
      untrack();
      uncount();
      if (client) hub.leave(client);
    },
  });
  options.signal?.addEventListener("abort", () => client?.end(), { once: true });
  return new Response(stream, { headers: EVENT_STREAM_HEADERS });
}
