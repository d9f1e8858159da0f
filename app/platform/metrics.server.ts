import { timingSafeEqual, createHash } from "node:crypto";
import { sql } from "kysely";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { queryTally } from "./database.server";
import { openLiveStreamCount } from "./live-events.server";
import { logger } from "./logger.server";
import { db } from "./runtime.server";

/**
 * The instance's Prometheus metrics (docs/operations.md): request latency per route pattern, the shared job queue's
 * depth, open live streams, and the process's own (memory, event loop lag, GC). Labels stay bounded: a route is its
 * pattern from the route table ('/case/:caseId/chat'), never the raw URL.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry, prefix: "recours_" });

const requestDuration = new Histogram({
  name: "recours_http_request_duration_seconds",
  help: "Durée des réponses HTTP, par route et classe de statut",
  labelNames: ["method", "route", "status_class"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

new Gauge({
  name: "recours_job_queue_depth",
  help: "Tâches en attente ou en cours dans la file partagée, par type et état",
  labelNames: ["kind", "status"] as const,
  registers: [metricsRegistry],
  async collect() {
    this.reset();
    try {
      const rows = await sql<{ kind: string; status: string; count: string }>`
        SELECT kind, status, count(*)::text AS count FROM jobs WHERE status IN ('queued', 'running') GROUP BY kind, status
      `.execute(db());
      for (const row of rows.rows) this.set({ kind: row.kind, status: row.status }, Number(row.count));
      databaseUp.set(1);
    } catch (error) {
      databaseUp.set(0);
      logger.warn({ err: error }, "métriques : file de tâches illisible");
    }
  },
});

new Counter({
  name: "recours_db_queries_total",
  help: "Requêtes SQL exécutées par cette instance (PostgreSQL)",
  registers: [metricsRegistry],
  collect() {
    this.reset();
    this.inc(queryTally.count);
  },
});

new Counter({
  name: "recours_db_query_seconds_total",
  help: "Temps passé dans les requêtes SQL par cette instance (PostgreSQL), en secondes",
  registers: [metricsRegistry],
  collect() {
    this.reset();
    this.inc(queryTally.seconds);
  },
});

const databaseUp = new Gauge({
  name: "recours_database_up",
  help: "1 quand la base de données a répondu à la dernière collecte, 0 sinon",
  registers: [metricsRegistry],
});

new Gauge({
  name: "recours_live_streams_open",
  help: "Flux d'événements (SSE) ouverts sur cette instance",
  registers: [metricsRegistry],
  collect() {
    this.set(openLiveStreamCount());
  },
});

type RouteTable = ServerBuild["routes"];

function routeTree(routes: RouteTable, parentId: string | undefined): RouteObject[] {
  return Object.values(routes)
    .filter((route) => route && route.parentId === parentId)
    .map((route) => ({
      id: route!.id,
      path: route!.path,
      index: route!.index,
      caseSensitive: route!.caseSensitive,
      children: routeTree(routes, route!.id),
    })) as RouteObject[];
}

/**
 * Turns a request path into its route pattern ('/case/:caseId/chat'); 'autre' when no route matches. A segment no route
 * names (an id, a slug, a token) matches the same routes as any other such segment, so the path is looked up with each
 * of them replaced by one placeholder: one match per shape of path, where matchRoutes flattens and ranks the whole
 * route table on every call.
 */
export function createRoutePatternMatcher(routes: RouteTable): (pathname: string) => string {
  const tree = routeTree(routes, undefined);
  // Route segments match case-insensitively: the names are kept, and compared, in lower case.
  const named = new Set(
    Object.values(routes).flatMap((route) =>
      (route?.path ?? "").split("/").filter((segment) => segment !== "" && !segment.startsWith(":") && segment !== "*").map((segment) => segment.toLowerCase()),
    ),
  );
  const shapeOf = (pathname: string) =>
    pathname
      .split("/")
      .map((segment) => (segment === "" || named.has(segment.toLowerCase()) ? segment : UNNAMED_SEGMENT))
      .join("/");
  const cache = new Map<string, string>();
  return (pathname) => {
    const shape = shapeOf(pathname);
    const cached = cache.get(shape);
    if (cached) return cached;
    const matches = matchRoutes(tree, shape) ?? [];
    const last = matches.at(-1);
    const pattern =
      !last || last.route.path === "*" || last.route.path?.endsWith("*")
        ? "autre"
        : "/" + matches.map((match) => match.route.path ?? "").filter(Boolean).join("/").replace(/\/+/g, "/").replace(/^\//, "");
    if (cache.size < 10_000) cache.set(shape, pattern);
    return pattern;
  };
}

const UNNAMED_SEGMENT = "~";

/** The bounded route label of a request: static files and operator endpoints by name, pages by their pattern. */
export function routeLabel(pathname: string, patternOf: ((pathname: string) => string) | undefined): string {
  if (pathname.startsWith("/assets/")) return "/assets";
  if (pathname === "/healthz" || pathname === "/metrics") return pathname;
  return patternOf ? patternOf(pathname) : "autre";
}

export function observeRequest(method: string, route: string, status: number, seconds: number): void {
  const known = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"].includes(method) ? method : "autre";
  requestDuration.observe({ method: known, route, status_class: `${Math.floor(status / 100)}xx` }, seconds);
}

function digest(value: string): Buffer {
  return createHash("sha256").update(value).digest();
}

/** Whether an Authorization header carries the metrics token (compared in constant time). */
export function carriesMetricsToken(authorization: string | undefined, token: string): boolean {
  const match = /^Bearer (.+)$/.exec(authorization ?? "");
  return Boolean(match) && timingSafeEqual(digest(match![1]!), digest(token));
}

