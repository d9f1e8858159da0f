import type { PGlite } from "@electric-sql/pglite";
import { sql, type RawBuilder } from "kysely";
import pg from "pg";
import { logger } from "./logger.server";
import { onRuntimeStop, runtime } from "./runtime.server";

/**
 * Live events between server instances (decision 0035): PostgreSQL LISTEN/NOTIFY on one dedicated connection per
 * instance, or the embedded database's in-process listen. A notice only says "something happened on this topic";
 * subscribers read what happened from the database. A notice may be lost while the connection is down: after every
 * reconnection each subscriber is called with `null` and reads again from where it was.
 */
export interface LiveEventBus {
  /** `listener(payload)` for each notice on `topic`, `listener(null)` after a reconnection. Returns the unsubscribe. */
  subscribe(topic: string, listener: (payload: string | null) => void): () => void;
  /** Resolves once the instance listens (subscribers read the database after this, so nothing falls in between). */
  ready(): Promise<void>;
  status(): "connecting" | "listening" | "reconnecting" | "closed";
  close(): Promise<void>;
}

export const LIVE_EVENTS_CHANNEL = "recours_live";
/** Backoff of the reconnections; the connection is also probed this often (a dead TCP peer sends no 'end'). */
const RECONNECT_DELAYS_MS = [100, 250, 500, 1000, 2000];
const PROBE_INTERVAL_MS = 5000;

/** The SQL that publishes a notice on `topic`: delivered to every instance when the calling transaction commits. */
export function notifyLive(topic: string, payload: string): RawBuilder<unknown> {
  return sql`SELECT pg_notify(${LIVE_EVENTS_CHANNEL}, ${JSON.stringify({ topic, payload })})`;
}

type Listener = (payload: string | null) => void;

/** "<the URL's application_name>-live-events": an operator (or a test) finds an instance's connections by one prefix. */
function liveEventsApplicationName(url: string): string {
  let base = "recours";
  try {
    base = new URL(url).searchParams.get("application_name") || base;
  } catch {
    // not a URL form: keep the default
  }
  return `${base}-live-events`.slice(0, 63);
}

class Topics {
  private readonly listeners = new Map<string, Set<Listener>>();

  add(topic: string, listener: Listener): () => void {
    let set = this.listeners.get(topic);
    if (!set) this.listeners.set(topic, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(topic) === set) this.listeners.delete(topic);
    };
  }

  dispatch(raw: string | undefined): void {
    if (!raw) return;
    let notice: { topic?: unknown; payload?: unknown };
    try {
      notice = JSON.parse(raw) as typeof notice;
    } catch {
      return;
    }
    if (typeof notice.topic !== "string") return;
    for (const listener of this.listeners.get(notice.topic) ?? []) {
      try {
        listener(typeof notice.payload === "string" ? notice.payload : "");
      } catch (error) {
        logger.error({ err: error }, "abonné aux événements en direct en échec");
      }
    }
  }

  resyncAll(): void {
    for (const set of this.listeners.values()) {
      for (const listener of set) {
        try {
          listener(null);
        } catch (error) {
          logger.error({ err: error }, "abonné aux événements en direct en échec");
        }
      }
    }
  }
}

class PostgresBus implements LiveEventBus {
  private readonly topics = new Topics();
  private client: pg.Client | undefined;
  private state: ReturnType<LiveEventBus["status"]> = "connecting";
  private attempt = 0;
  private connected: Promise<void>;
  private markConnected!: () => void;
  private probe: NodeJS.Timeout | undefined;
  private retry: NodeJS.Timeout | undefined;

  constructor(private readonly url: string) {
    this.connected = new Promise((resolve) => (this.markConnected = resolve));
    void this.connect(false);
  }

  private async connect(reconnecting: boolean): Promise<void> {
    if (this.state === "closed") return;
    const client = new pg.Client({ connectionString: this.url, application_name: liveEventsApplicationName(this.url), keepAlive: true });
    client.on("notification", (message) => {
      if (message.channel === LIVE_EVENTS_CHANNEL) this.topics.dispatch(message.payload);
    });
    client.on("error", (error) => this.lost(client, error));
    client.on("end", () => this.lost(client));
    this.client = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${LIVE_EVENTS_CHANNEL}`);
    } catch (error) {
      this.lost(client, error);
      return;
    }
    if (this.client !== client || this.status() === "closed") return;
    this.state = "listening";
    this.attempt = 0;
    this.markConnected();
    clearInterval(this.probe);
    this.probe = setInterval(() => {
      client.query("SELECT 1").catch((error: unknown) => this.lost(client, error));
    }, PROBE_INTERVAL_MS);
    this.probe.unref();
    if (reconnecting) {
      logger.info("événements en direct : reconnecté");
      this.topics.resyncAll();
    }
  }

  private lost(client: pg.Client, error?: unknown): void {
    if (this.client !== client || this.state === "closed") return;
    this.client = undefined;
    this.state = "reconnecting";
    clearInterval(this.probe);
    client.removeAllListeners("notification");
    client.on("error", () => undefined);
    client.end().catch(() => undefined);
    logger.warn({ err: error }, "événements en direct : connexion perdue, reconnexion");
    const delay = RECONNECT_DELAYS_MS[Math.min(this.attempt, RECONNECT_DELAYS_MS.length - 1)]!;
    this.attempt += 1;
    this.retry = setTimeout(() => void this.connect(true), delay);
    this.retry.unref();
  }

  subscribe(topic: string, listener: Listener): () => void {
    return this.topics.add(topic, listener);
  }

  ready(): Promise<void> {
    return this.connected;
  }

  status() {
    return this.state;
  }

  /** The backend's process id of the listening connection (tests kill it to simulate a lost connection). */
  backendPid(): number | undefined {
    return (this.client as unknown as { processID?: number } | undefined)?.processID;
  }

  async close(): Promise<void> {
    this.state = "closed";
    clearInterval(this.probe);
    clearTimeout(this.retry);
    const client = this.client;
    this.client = undefined;
    this.markConnected();
    if (client) {
      client.on("error", () => undefined);
      await client.end().catch(() => undefined);
    }
  }
}

class EmbeddedBus implements LiveEventBus {
  private readonly topics = new Topics();
  private state: ReturnType<LiveEventBus["status"]> = "connecting";
  private readonly listening: Promise<(() => Promise<void>) | undefined>;

  constructor(pglite: PGlite) {
    this.listening = pglite
      .listen(LIVE_EVENTS_CHANNEL, (payload) => this.topics.dispatch(payload))
      .then((unlisten) => {
        if (this.state !== "closed") this.state = "listening";
        return unlisten;
      })
      .catch((error: unknown) => {
        logger.error({ err: error }, "événements en direct indisponibles");
        return undefined;
      });
  }

  subscribe(topic: string, listener: Listener): () => void {
    return this.topics.add(topic, listener);
  }

  async ready(): Promise<void> {
    await this.listening;
  }

  status() {
    return this.state;
  }

  async close(): Promise<void> {
    this.state = "closed";
    const unlisten = await this.listening;
    await unlisten?.().catch(() => undefined);
  }
}

let bus: LiveEventBus | undefined;

/** This instance's bus, started on first use and closed with the runtime. */
export function liveEvents(): LiveEventBus {
  if (bus) return bus;
  const source = runtime().database.listenSource;
  const started: LiveEventBus = source.engine === "postgres" ? new PostgresBus(source.url) : new EmbeddedBus(source.pglite);
  bus = started;
  onRuntimeStop(async () => {
    if (bus === started) bus = undefined;
    await started.close();
  });
  return started;
}

/** For tests: the listening backend's pid on PostgreSQL (undefined on the embedded database or while down). */
export function liveEventsBackendPid(): number | undefined {
  return bus instanceof PostgresBus ? bus.backendPid() : undefined;
}

const openStreams = new Set<() => void>();

/** Registers an open event stream's end, for endLiveStreams(); returns the unregister. */
export function trackLiveStream(end: () => void): () => void {
  openStreams.add(end);
  return () => {
    openStreams.delete(end);
  };
}

/** Event streams open on this instance (the /metrics gauge). */
export function openLiveStreamCount(): number {
  return openStreams.size;
}

/**
 * Ends every open event stream (server shutdown): the server can then close at once, and browsers reconnect — to
 * another instance or to this one restarted — with their Last-Event-ID, missing nothing.
 */
export function endLiveStreams(): void {
  for (const end of [...openStreams]) end();
  openStreams.clear();
}
