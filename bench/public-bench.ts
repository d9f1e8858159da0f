// `npm run bench:public`: the public pages of the production build (home, a scam page, /fonctionnement, and the
// form pages /connexion and /inscription, decision 88) as an anonymous visitor gets them, against nginx serving the very same bytes, side by side in one run. The app's gzip
// answers are written to a temporary folder that a temporary nginx (gzip_static, its own config, a free port)
// serves; wrk loads each server in turn, alternating which goes first, for BENCH_ROUNDS rounds of BENCH_SECONDS;
// the median req/s of each and their ratio are printed with the machine's load (uptime), for each number of
// connections of BENCH_CONNECTIONS (comma-separated, "10,32" by default). Needs Debian's nginx and
// wrk: `apt-get install -y nginx wrk`. BENCH_SKIP_BUILD=1 uses the existing build. BENCH_PROCESSES=2 runs the app as
// `WEB_CONCURRENCY=2 npm start` does (decision 96), on PostgreSQL (BENCH_DATABASE_URL, default recours_bench_public on
// the local server): the embedded database opens in one process only.
import { spawn, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { freePort, ROOT, startProductionServer } from "../tests/support/production-server";
import { persistentDatabaseTarget } from "../tests/support/test-database";
import { ensureBenchDatabase } from "./support/bench-database";

const PAGES = ["/", "/arnaques/faux-conseiller-bancaire", "/fonctionnement", "/connexion", "/inscription"];
const FORM_PAGES = new Set(["/connexion", "/inscription"]);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? "10,32").split(",").map(Number);
const PROCESSES = Number(process.env.BENCH_PROCESSES ?? 1);
/** Issue 33: content pages at 0.45 × nginx or better, form pages at 0.3 × (they were 0.001 before decision 88). */
const target = (page: string) => (FORM_PAGES.has(page) ? 0.3 : 0.45);

function which(command: string): string | null {
  for (const dir of [...(process.env.PATH ?? "").split(":"), "/usr/sbin", "/sbin"]) {
    const candidate = path.join(dir, command);
    if (dir && existsSync(candidate)) return candidate;
  }
  return null;
}

/** The raw bytes of an answer (no decoding), as a browser asking for gzip gets them. */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

function uptime(): string {
  const result = spawnSync("uptime", { encoding: "utf8" });
  return result.status === 0 ? result.stdout.trim() : `load average: ${loadavg().map((l) => l.toFixed(2)).join(", ")}`;
}

/** wrk's requests per second; refuses a run with errors or non-2xx answers. */
function wrk(url: string, connections: number, seconds = SECONDS): number {
  const result = spawnSync(
    "wrk",
    [`-t2`, `-c${connections}`, `-d${seconds}s`, "-H", "Accept-Encoding: gzip", url],
    { encoding: "utf8", timeout: (seconds + 30) * 1000 },
  );
  if (result.status !== 0) throw new Error(`wrk a échoué sur ${url} :\n${result.stderr}`);
  const out = result.stdout;
  if (/Non-2xx or 3xx responses/.test(out)) throw new Error(`des réponses en erreur sur ${url} :\n${out}`);
  const match = /Requests\/sec:\s+([\d.]+)/.exec(out);
  if (!match) throw new Error(`sortie de wrk illisible :\n${out}`);
  return Number(match[1]);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function nginxConfig(dir: string, port: number): string {
  return `daemon off;
worker_processes auto;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  default_type "text/html; charset=utf-8";
  server {
    listen 127.0.0.1:${port};
    root ${dir}/www;
    index index.html;
    gzip_static on;
    etag on;
  }
}
`;
}

async function main() {
  const nginx = which("nginx");
  if (!nginx || !which("wrk")) {
    console.error("nginx et wrk sont nécessaires : apt-get install -y nginx wrk");
    process.exit(1);
  }
  if (process.env.BENCH_SKIP_BUILD !== "1") {
    const build = spawnSync("npx", ["react-router", "build"], { cwd: ROOT, stdio: ["ignore", "ignore", "inherit"] });
    if (build.status !== 0) process.exit(1);
  }

  const work = mkdtempSync(path.join(tmpdir(), "recours-bench-public-"));
  const appPort = await freePort();
  const appOrigin = `http://127.0.0.1:${appPort}`;
  let database: Awaited<ReturnType<typeof persistentDatabaseTarget>> | undefined;
  if (PROCESSES > 1) {
    await ensureBenchDatabase(process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/recours_bench_public", "bench:public");
    database = await persistentDatabaseTarget("postgres");
  }
  const server = await startProductionServer({
    PORT: String(appPort),
    PUBLIC_URL: appOrigin,
    DATA_DIR: path.join(work, "data"),
    LOG_LEVEL: "warn",
    // wrk's connections all come from 127.0.0.1.
    MAX_CONNECTIONS_PER_ADDRESS: "0",
    ...(database ? { ...database.serverEnv, AUTH_SECRET: "public-bench-secret-public-bench-secret-0123", WEB_CONCURRENCY: String(PROCESSES) } : {}),
  });
  let nginxProcess: ReturnType<typeof spawn> | undefined;
  const cleanup = [work];
  process.once("exit", () => nginxProcess?.kill("SIGQUIT"));
  try {
    // The app's bytes, as nginx will serve them: the gzip answer as <file>.gz (gzip_static), the plain one beside it.
    // nginx's workers run as another user (www-data) when started as root: the served folder must be readable.
    const web = mkdtempSync(path.join(tmpdir(), "recours-bench-nginx-"));
    chmodSync(web, 0o755);
    cleanup.push(web);
    const www = path.join(web, "www");
    for (const page of PAGES) {
      const zipped = await rawGet(`${appOrigin}${page}`, { "accept-encoding": "gzip" });
      const plain = await rawGet(`${appOrigin}${page}`, {});
      const etag = String(zipped.headers.etag ?? "");
      if (zipped.status !== 200 || zipped.headers["content-encoding"] !== "gzip" || !/^"[^"]+-gzip"$/.test(etag)) {
        throw new Error(`${page} ne vient pas du cache des pages publiques (${zipped.status}, ETag ${etag})`);
      }
      const file = page === "/" ? path.join(www, "index.html") : path.join(www, page.slice(1));
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, plain.body);
      writeFileSync(`${file}.gz`, zipped.body);
    }

    const nginxPort = await freePort();
    const nginxOrigin = `http://127.0.0.1:${nginxPort}`;
    const conf = path.join(web, "nginx.conf");
    writeFileSync(conf, nginxConfig(web, nginxPort));
    nginxProcess = spawn(nginx, ["-c", conf, "-e", path.join(web, "error.log")], { stdio: ["ignore", "ignore", "pipe"] });
    let nginxError = "";
    nginxProcess.stderr?.on("data", (chunk: Buffer) => (nginxError += chunk.toString()));
    for (let attempt = 0; ; attempt += 1) {
      try {
        if ((await rawGet(`${nginxOrigin}/`, {})).status === 200) break;
      } catch {
        // not listening yet
      }
      if (attempt > 50) throw new Error(`nginx ne répond pas :\n${nginxError}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    for (const page of PAGES) {
      const fromApp = await rawGet(`${appOrigin}${page}`, { "accept-encoding": "gzip" });
      const fromNginx = await rawGet(`${nginxOrigin}${page}`, { "accept-encoding": "gzip" });
      if (fromNginx.headers["content-encoding"] !== "gzip" || !fromNginx.body.equals(fromApp.body)) {
        throw new Error(`nginx ne sert pas les mêmes octets que l'app pour ${page}`);
      }
    }

    // Untimed warm-up: the server renders every public page right after it listens (and the JIT warms up).
    for (const page of PAGES) {
      wrk(`${appOrigin}${page}`, CONNECTIONS[0]!, 2);
      wrk(`${nginxOrigin}${page}`, CONNECTIONS[0]!, 2);
    }

    const cpu = cpus()[0]?.model ?? "?";
    const app = PROCESSES > 1 ? `${PROCESSES} processus Node, WEB_CONCURRENCY=${PROCESSES}, PostgreSQL` : "1 processus Node, base intégrée";
    console.log(`Pages publiques, anonyme, Accept-Encoding: gzip — app (${app}) contre nginx (worker_processes auto), mêmes octets`);
    console.log(`machine : ${cpus().length} cœurs (${cpu}) ; wrk -t2 -c${CONNECTIONS.join(" puis -c")}, ${ROUNDS} × ${SECONDS} s par serveur et par page, en alternance`);
    let missed = false;
    for (const connections of CONNECTIONS) {
      console.log("");
      console.log(`wrk -t2 -c${connections} — avant : ${uptime()}`);
      const rows: Array<{ page: string; bytes: number; app: number; nginx: number }> = [];
      for (const page of PAGES) {
        const app: number[] = [];
        const web: number[] = [];
        for (let round = 0; round < ROUNDS; round += 1) {
          // Alternate which server goes first, so that a burst of load on the machine falls on both.
          if (round % 2 === 0) {
            app.push(wrk(`${appOrigin}${page}`, connections));
            web.push(wrk(`${nginxOrigin}${page}`, connections));
          } else {
            web.push(wrk(`${nginxOrigin}${page}`, connections));
            app.push(wrk(`${appOrigin}${page}`, connections));
          }
        }
        const bytes = (await rawGet(`${appOrigin}${page}`, { "accept-encoding": "gzip" })).body.length;
        rows.push({ page, bytes, app: median(app), nginx: median(web) });
      }
      console.log(`après : ${uptime()}`);
      console.log("");
      console.log(`page (-c${connections}) | octets (gzip) | app req/s | nginx req/s | rapport app/nginx | objectif`);
      console.log("---|---:|---:|---:|---:|---:");
      for (const row of rows) {
        const ratio = row.app / row.nginx;
        if (ratio < target(row.page)) missed = true;
        console.log(`${row.page} | ${row.bytes} | ${Math.round(row.app)} | ${Math.round(row.nginx)} | ${ratio.toFixed(2)} | ${target(row.page)}`);
      }
    }
    console.log("");
    console.log(missed ? "objectif manqué sur au moins une ligne" : "objectif atteint sur toutes les lignes");
    process.exitCode = missed ? 1 : 0;
  } finally {
    nginxProcess?.kill("SIGQUIT");
    await server.stop();
    await database?.drop();
    for (const dir of cleanup) rmSync(dir, { recursive: true, force: true });
  }
}

await main();
