import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { TEST_STORAGE_MASTER_KEY } from "./test-database";

export const ROOT = path.resolve(import.meta.dirname, "../..");
const SERVER_BUNDLE = path.join(ROOT, "build/server/index.js");
const SOURCES = ["app", "server", "react-router.config.ts", "vite.config.ts", "package.json"];

function newestSourceTime(entry: string): number {
  const full = path.join(ROOT, entry);
  if (!existsSync(full)) return 0;
  const stats = statSync(full);
  if (!stats.isDirectory()) return /\.test\.tsx?$/.test(entry) ? 0 : stats.mtimeMs;
  let newest = 0;
  for (const child of readdirSync(full)) {
    if (child === "node_modules" || child === "+types" || child.startsWith(".")) continue;
    newest = Math.max(newest, newestSourceTime(path.join(entry, child)));
  }
  return newest;
}

/**
 * Makes sure build/ holds a production build of the current sources: builds when it is missing or
 * older than a source file (other people edit app/ while tests run). RECOURS_TEST_SKIP_BUILD=1 uses
 * whatever build exists.
 */
export function ensureProductionBuild(): void {
  if (process.env.RECOURS_TEST_SKIP_BUILD === "1" && existsSync(SERVER_BUNDLE)) return;
  const builtAt = existsSync(SERVER_BUNDLE) ? statSync(SERVER_BUNDLE).mtimeMs : 0;
  if (builtAt > 0 && SOURCES.every((entry) => newestSourceTime(entry) <= builtAt)) return;

  // One build at a time on this machine.
  const lock = path.join(tmpdir(), "recours-test-build.lock");
  const deadline = Date.now() + 180_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 300_000) rmSync(lock, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error("la construction de test attend un verrou depuis trop longtemps");
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
    }
  }
  try {
    const result = spawnSync("npx", ["react-router", "build"], {
      cwd: ROOT,
      encoding: "utf8",
      env: { ...process.env, NODE_ENV: "production" },
      timeout: 170_000,
    });
    if (result.status !== 0) {
      throw new Error(`react-router build a échoué (${result.status}):\n${result.stdout}\n${result.stderr}`);
    }
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("pas de port"))));
    });
  });
}

export interface RunningServer {
  baseUrl: string;
  /** The server's process id (benches read its memory). */
  pid: number | undefined;
  /** Everything the server printed so far (pino JSON lines and errors). */
  output(): string;
  stop(): Promise<void>;
}

export { TEST_STORAGE_MASTER_KEY };

/**
 * Runs `node server/main.mjs` in production mode, with the allocator `npm start` gives it
 * (server/with-allocator.sh, which execs: the child's pid is the server's), and waits for GET /healthz.
 * `env.PORT` picks the port.
 */
export async function startProductionServer(env: Record<string, string>): Promise<RunningServer> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const inherited = { ...process.env };
  for (const name of ["DATABASE_URL", "DATA_DIR", "PUBLIC_URL", "AUTH_SECRET", "TWO_FACTOR_ENCRYPTION_KEY", "STORAGE_MASTER_KEY", "VITEST", "VITEST_WORKER_ID", "VITEST_POOL_ID"]) {
    delete inherited[name];
  }
  // Like AUTH_SECRET, the storage key is required with DATABASE_URL: servers under test share a fixed one.
  if (env.DATABASE_URL && !("STORAGE_MASTER_KEY" in env)) env = { ...env, STORAGE_MASTER_KEY: TEST_STORAGE_MASTER_KEY };
  const baseUrl = `http://127.0.0.1:${port}`;
  // The address tests use is the public one, unless told otherwise: posts must come from PUBLIC_URL's origin.
  const publicUrl = env.PUBLIC_URL ?? baseUrl;
  // RECOURS_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/profiles": options for the server's node (benches, profiling).
  const nodeArgs = (process.env.RECOURS_SERVER_NODE_ARGS ?? "").split(" ").filter(Boolean);
  const child: ChildProcess = spawn("sh", [path.join(ROOT, "server/with-allocator.sh"), process.execPath, ...nodeArgs, "server/main.mjs"], {
    cwd: ROOT,
    env: {
      ...inherited,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      LOG_LEVEL: "warn",
      // The key of tests/support/test-database.ts testEnv(): second factors seeded there decrypt in the server.
      TWO_FACTOR_ENCRYPTION_KEY: "test-two-factor-key-test-two-factor-key-0123",
      // Rendering and compressing every public page at start costs a second of CPU; tests' pages fill on first visit.
      PUBLIC_PAGES_WARM_AT_START: "false",
      ...env,
      PUBLIC_URL: publicUrl,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  if (process.env.RECOURS_SERVER_OUTPUT) child.stdout?.pipe(createWriteStream(process.env.RECOURS_SERVER_OUTPUT));
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  let exited: number | null | undefined;
  const exit = new Promise<void>((resolve) => {
    child.on("exit", (code) => {
      exited = code;
      resolve();
    });
  });

  const stop = async () => {
    publicOrigins.delete(baseUrl);
    if (exited !== undefined) return;
    child.kill("SIGTERM");
    const killed = setTimeout(() => child.kill("SIGKILL"), 15_000);
    await exit;
    clearTimeout(killed);
  };

  // Generous: on a shared 2-core machine several servers may start at once.
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (exited !== undefined) throw new Error(`le serveur s'est arrêté (code ${exited}) :\n${output}`);
    try {
      const response = await fetch(`${baseUrl}/healthz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`le serveur ne répond pas sur /healthz :\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  publicOrigins.set(baseUrl, new URL(publicUrl).origin);
  return { baseUrl, pid: child.pid, output: () => output, stop };
}

/** PUBLIC_URL's origin of each server started here, by its address: the Origin its own pages' posts carry. */
const publicOrigins = new Map<string, string>();

/** The Origin a browser on the site behind `baseUrl` sends with a post (the server's PUBLIC_URL, else `baseUrl`). */
export function siteOrigin(baseUrl: string): string {
  const origin = new URL(baseUrl).origin;
  return publicOrigins.get(origin) ?? origin;
}

export interface HttpResult {
  status: number;
  /** Path and query of the Location header, resolved against the server. */
  location: string | null;
  setCookies: string[];
  headers: Headers;
  body: string;
}

export async function httpRequest(
  baseUrl: string,
  pathname: string,
  init: { method?: string; cookie?: string; body?: BodyInit; headers?: Record<string, string>; duplex?: "half" } = {},
): Promise<HttpResult> {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set("cookie", init.cookie);
  // As a browser does for any post: the server refuses a state-changing request without it (decision 63).
  if (!["GET", "HEAD"].includes(init.method ?? "GET") && !headers.has("origin")) headers.set("origin", siteOrigin(baseUrl));
  const response = await fetch(`${baseUrl}${pathname}`, {
    method: init.method ?? "GET",
    headers,
    body: init.body,
    redirect: "manual",
    ...(init.duplex ? { duplex: init.duplex } : {}),
  } as RequestInit);
  const raw = response.headers.get("location");
  const location = raw === null ? null : (() => {
    const url = new URL(raw, baseUrl);
    return `${url.pathname}${url.search}`;
  })();
  return {
    status: response.status,
    location,
    setCookies: response.headers.getSetCookie(),
    headers: response.headers,
    body: await response.text(),
  };
}

/** The text of server-rendered HTML with React's entity escapes undone. */
export function decodeHtml(html: string): string {
  return html
    .replace(/&#x27;|&#39;|&apos;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&nbsp;/g, "\u00a0")
    .replace(/&amp;/g, "&");
}

/**
 * What a person sees: the HTML without scripts (React Router also serialises loader data there), tags or escapes.
 * Runs of white space, the typographic ones included (U+00A0, U+202F), become one plain space: compare with a text
 * of the app through `spaced`.
 */
export function visibleText(html: string): string {
  return decodeHtml(
    html
      .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, " ")
      .replace(/<style\b[^>]*>[\s\S]*?<\/style>/gi, " ")
      .replace(/<[^>]+>/g, " "),
  )
    .replace(/\s+/g, " ")
    .trim();
}

/** A text of the app as visibleText reads it: its typographic spaces (before ? ! : ; € %) become plain ones. */
export function spaced(text: string): string {
  return text.replace(/\s+/g, " ");
}
