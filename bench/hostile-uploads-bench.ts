// `npm run bench:hostile-uploads`: decompression bombs against the production server (decision 61). Clients load
// /healthz and the home page without pause (two each) while, wave after wave, 5 bombs are uploaded at once as case evidence
// (each by its own signed-in client): a 100 KB PDF whose object stream inflates to 100 MB, and a 30 KB HEIC grid of
// one repeated tile declaring 95 MP. Prints p50/p95/p99/max latency of each page and the server's event-loop delay
// (max and p99, from its own monitorEventLoopDelay through /metrics), first without bombs, then with them; checks
// that every bomb is refused with the French message and that nothing of them is stored (no row, no object).
// Target: p99 ≤ 100 ms for /healthz and the public page while the bombs are checked.
// BENCH_ENGINE=postgres runs on TEST_DATABASE_URL (default: the embedded PGlite, as `npm start`); BENCH_WAVES (6),
// BENCH_QUIET_S (5): the length of the phase without bombs.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { uploadMessages } from "~/modules/files/upload-messages";
import { db, stopRuntime } from "~/platform/runtime.server";
import { cookieHeaderFrom, seedAccount } from "../tests/support/accounts";
import { ensureProductionBuild, startProductionServer, type RunningServer } from "../tests/support/production-server";
import { persistentDatabaseTarget, startTestRuntimeOn } from "../tests/support/test-database";
import { heicGridBomb, jpegFile, pdfInflateBomb } from "../tests/support/upload-fixtures";
import { percentile } from "./timing";

const ENGINE = process.env.BENCH_ENGINE === "postgres" ? "postgres" : "pglite";
const WAVES = Number(process.env.BENCH_WAVES ?? 6);
const QUIET_S = Number(process.env.BENCH_QUIET_S ?? 5);
const BOMBS_PER_WAVE = 5;
const SECRET = "hostile-uploads-bench-secret-hostile-uploads";
const METRICS_TOKEN = randomBytes(24).toString("hex");
const PAGES = { healthz: "/healthz", "page publique /": "/" } as const;

if (ENGINE === "postgres") process.env.TEST_DATABASE_URL ??= "postgres://postgres@127.0.0.1:5432/test";
ensureProductionBuild();
const database = await persistentDatabaseTarget(ENGINE);
// The stored objects go to a folder of the bench's own (never the project's data/).
const dataDir = database.serverEnv.DATA_DIR ?? (await mkdtemp(path.join(tmpdir(), "recours-hostile-")));
let server: RunningServer | undefined;

async function countObjects(directory: string): Promise<number> {
  let count = 0;
  for (const entry of await readdir(directory, { withFileTypes: true, recursive: true }).catch(() => [])) {
    if (entry.isFile() && !entry.name.startsWith(".")) count += 1;
  }
  return count;
}

/**
 * CPU time (ms) of the server's main thread (the event loop) and of the whole process, from /proc: unlike latencies,
 * it does not depend on what else the machine runs.
 */
function cpuMs(pid: number): { main: number; process: number } {
  const ticks = (stat: string) => {
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  };
  return { main: ticks(readFileSync(`/proc/${pid}/task/${pid}/stat`, "utf8")), process: ticks(readFileSync(`/proc/${pid}/stat`, "utf8")) };
}

async function storedRows(): Promise<number> {
  const row = await db().selectFrom("stored_files").select(({ fn }) => fn.countAll<string>().as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
}

try {
  // People and their cases, through the modules, before the server opens the database.
  await startTestRuntimeOn(database.target, { AUTH_SECRET: SECRET });
  const people: { email: string; password: string; caseId: string }[] = [];
  for (let i = 0; i < BOMBS_PER_WAVE + 1; i += 1) {
    const account = await seedAccount("user", { firstName: `Bombe${i}`, lastName: "Client" });
    const row = await db()
      .insertInto("cases")
      .values({ user_id: account.userId, status: "submitted", scam_type: "phishing", submitted_at: new Date(), payment_methods: [], evidence_types: [] })
      .returning("id")
      .executeTakeFirstOrThrow();
    people.push({ ...account, caseId: row.id });
  }
  if (ENGINE === "pglite") await stopRuntime();

  server = await startProductionServer({
    ...database.serverEnv,
    DATA_DIR: dataDir,
    AUTH_SECRET: SECRET,
    MAX_CONNECTIONS_PER_ADDRESS: "0",
    LOGIN_ATTEMPTS_PER_ADDRESS: "1000000",
    LOGIN_ATTEMPTS_PER_EMAIL: "1000000",
    LOG_LEVEL: "error",
    METRICS_TOKEN,
  });
  const baseUrl = server.baseUrl;
  const filesDirectory = path.join(dataDir, "files");

  const signIn = async (person: (typeof people)[number]) => {
    const response = await fetch(`${baseUrl}/connexion`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: baseUrl },
      body: new URLSearchParams({ email: person.email, password: person.password }),
      redirect: "manual",
    });
    await response.arrayBuffer();
    if (response.status !== 302 && response.status !== 303) throw new Error(`connexion refusée : ${response.status}`);
    return cookieHeaderFrom(response.headers.getSetCookie(), (cookie) => !cookie.startsWith("recours_flash"));
  };
  const cookies = await Promise.all(people.map(signIn));

  const upload = async (who: number, name: string, bytes: Buffer) => {
    const form = new FormData();
    form.append("category", "payment_receipts");
    form.append("description", "Relevé de compte");
    form.append("fichiers", new Blob([new Uint8Array(bytes)]), name);
    const response = await fetch(`${baseUrl}/case/${people[who]!.caseId}/preuves`, {
      method: "POST",
      headers: { cookie: cookies[who]!, origin: baseUrl, accept: "application/json" },
      body: form,
    });
    const body = (await response.json()) as { error?: string; message?: string };
    return { status: response.status, message: body.error ?? body.message ?? "" };
  };

  /** The server's event-loop delay since the previous read (prom-client resets its histogram at each scrape). */
  const eventLoop = async () => {
    const text = await (await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    const value = (name: string) => Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, "m").exec(text)?.[1] ?? NaN) * 1000;
    return { max: value("recours_nodejs_eventloop_lag_max_seconds"), p99: value("recours_nodejs_eventloop_lag_p99_seconds") };
  };

  /** Loads every page in turn, two clients per page, until `done` settles; returns each page's latencies. */
  const loadPagesDuring = async (done: Promise<unknown>) => {
    const latencies: Record<string, number[]> = Object.fromEntries(Object.keys(PAGES).map((name) => [name, []]));
    const errors: string[] = [];
    let running = true;
    void done.finally(() => (running = false));
    const client = async (name: keyof typeof PAGES) => {
      while (running) {
        const started = performance.now();
        const response = await fetch(`${baseUrl}${PAGES[name]}`);
        await response.arrayBuffer();
        latencies[name]!.push(performance.now() - started);
        if (response.status !== 200) errors.push(`${PAGES[name]} ${response.status}`);
      }
    };
    await Promise.all((Object.keys(PAGES) as (keyof typeof PAGES)[]).flatMap((name) => [client(name), client(name)]));
    return { latencies, errors };
  };

  const report = (
    title: string,
    result: Awaited<ReturnType<typeof loadPagesDuring>>,
    loop: { max: number; p99: number },
    cpu: { main: number; process: number; seconds: number },
  ) => {
    console.log(`\n${title}`);
    for (const [name, values] of Object.entries(result.latencies)) {
      const f = (p: number) => percentile(values, p).toFixed(1);
      console.log(`  ${name.padEnd(16)} ${String(values.length).padStart(5)} requêtes  p50 ${f(50)} ms  p95 ${f(95)} ms  p99 ${f(99)} ms  max ${Math.max(...values).toFixed(1)} ms`);
    }
    console.log(`  boucle d'événements du serveur : max ${loop.max.toFixed(1)} ms, p99 ${loop.p99.toFixed(1)} ms`);
    console.log(
      `  CPU du serveur : fil principal ${cpu.main.toFixed(0)} ms (${((cpu.main / 10) / cpu.seconds).toFixed(0)} % de la durée), autres fils ${(cpu.process - cpu.main).toFixed(0)} ms`,
    );
    console.log(`  charge de la machine (1 min) : ${loadavg()[0]!.toFixed(1)} pour ${availableParallelism()} cœurs`);
    if (result.errors.length) console.log(`  erreurs : ${result.errors.length} (${[...new Set(result.errors)].join(", ")})`);
  };

  // Warm-up: pages rendered once, the inspection worker started by one ordinary photo (a running server has done so).
  for (const pathname of [...Object.values(PAGES), "/connexion"]) await (await fetch(`${baseUrl}${pathname}`)).arrayBuffer();
  const warm = await upload(BOMBS_PER_WAVE, "photo.jpg", await jpegFile());
  if (warm.status !== 200) throw new Error(`envoi d'échauffement refusé : ${warm.status} ${warm.message}`);
  const objectsBefore = await countObjects(filesDirectory);

  const pid = server.pid!;
  const cpuSince = (start: { main: number; process: number }, startedAt: number) => {
    const now = cpuMs(pid);
    return { main: now.main - start.main, process: now.process - start.process, seconds: (performance.now() - startedAt) / 1000 };
  };
  await eventLoop();
  let cpuStart = cpuMs(pid);
  let phaseStart = performance.now();
  const quiet = await loadPagesDuring(new Promise((resolve) => setTimeout(resolve, QUIET_S * 1000)));
  report(`sans bombe (${QUIET_S} s)`, quiet, await eventLoop(), cpuSince(cpuStart, phaseStart));

  const pdfBomb = pdfInflateBomb();
  const heicBomb = heicGridBomb();
  console.log(`\nbombes : PDF ${(pdfBomb.length / 1024).toFixed(0)} Kio (flux d'objets de 100 Mio une fois décompressé), HEIC ${(heicBomb.length / 1024).toFixed(0)} Kio (grille 9600 × 9900 d'une seule tuile répétée)`);
  const answers: { status: number; message: string }[] = [];
  const waveTimes: number[] = [];
  await eventLoop();
  cpuStart = cpuMs(pid);
  phaseStart = performance.now();
  const bombs = (async () => {
    for (let wave = 0; wave < WAVES; wave += 1) {
      const started = performance.now();
      const kinds = Array.from({ length: BOMBS_PER_WAVE }, (_, i) => (wave % 3 === 0 ? "pdf" : wave % 3 === 1 ? "heic" : i % 2 ? "heic" : "pdf"));
      answers.push(...(await Promise.all(kinds.map((kind, who) => (kind === "pdf" ? upload(who, "releve.pdf", pdfBomb) : upload(who, "IMG_0002.HEIC", heicBomb))))));
      waveTimes.push(performance.now() - started);
    }
  })();
  const hostile = await loadPagesDuring(bombs);
  const hostileCpu = cpuSince(cpuStart, phaseStart);
  report(`pendant ${WAVES} vagues de ${BOMBS_PER_WAVE} bombes envoyées ensemble (${(waveTimes.reduce((a, b) => a + b, 0) / 1000).toFixed(1)} s, une vague en ${Math.min(...waveTimes).toFixed(0)}–${Math.max(...waveTimes).toFixed(0)} ms)`, hostile, await eventLoop(), hostileCpu);

  const refusedInFrench = answers.filter((answer) => answer.status === 422 && answer.message === uploadMessages.uncheckable).length;
  console.log(`\nbombes refusées avec « ${uploadMessages.uncheckable} » : ${refusedInFrench} sur ${answers.length}`);
  const other = answers.filter((answer) => !(answer.status === 422 && answer.message === uploadMessages.uncheckable));
  if (other.length) console.log(`  autres réponses : ${[...new Set(other.map((answer) => `${answer.status} ${answer.message}`))].join(" | ")}`);

  await server.stop();
  server = undefined;
  if (ENGINE === "pglite") await startTestRuntimeOn(database.target, { AUTH_SECRET: SECRET });
  const rows = await storedRows();
  const objects = await countObjects(filesDirectory);
  console.log(`stockage après les bombes : ${rows} ligne(s) stored_files (1 attendue : la photo d'échauffement), ${objects - objectsBefore} objet(s) de plus qu'avant`);

  const p99 = (name: string) => percentile(hostile.latencies[name]!, 99);
  const held = p99("healthz") <= 100 && p99("page publique /") <= 100;
  const clean = refusedInFrench === answers.length && rows === 1 && objects === objectsBefore && hostile.errors.length === 0;
  console.log(`\ncible p99 ≤ 100 ms (/healthz et page publique) : ${held ? "tenue" : "MANQUÉE"} ; bombes refusées et rien gardé : ${clean ? "oui" : "NON"}`);
  if (!held || !clean) process.exitCode = 1;
} finally {
  await server?.stop();
  await stopRuntime().catch(() => undefined);
  await database.drop();
  await rm(dataDir, { recursive: true, force: true });
}
