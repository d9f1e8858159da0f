// `npm run bench:auth-burst`: 200 parallel wrong sign-ins on one account (a credential-stuffing burst), and the
// latency of /healthz and of a public page before and during the burst. One production server on a fresh
// embedded database, on a free loopback port; everything is removed afterwards.
// BENCH_ROOT=<checkout> measures another checkout with this same script (to compare with the code before a change);
// it must have node_modules and a build.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "../tests/support/production-server";
import { percentile } from "./timing";

const ROOT = path.resolve(process.env.BENCH_ROOT ?? path.join(import.meta.dirname, ".."));
const BURST = Number(process.env.BENCH_BURST ?? 200);
const HIGH_LIMIT = "1000000000";
const user = {
  firstName: "Banc",
  lastName: "Rafale",
  email: "rafale@exemple.fr",
  password: "Tournesol-Velo-42!",
  phoneMobileCountry: "FR",
  phoneMobile: "612345678",
  country: "france",
};

let timeouts = 0;

/** Milliseconds to a full answer; a request still unanswered after 60 s counts as 60 s (and as a timeout). */
async function timed(url: string): Promise<number> {
  const started = performance.now();
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(60_000) });
    await response.arrayBuffer();
  } catch {
    timeouts += 1;
  }
  return performance.now() - started;
}

async function waitForHealth(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output()}`);
    try {
      if ((await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(2000) })).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no /healthz within 90 s:\n${output()}`);
}

async function main() {
  if (!existsSync(path.join(ROOT, "build/server/index.js"))) {
    const built = spawnSync(path.join(ROOT, "node_modules/.bin/react-router"), ["build"], { cwd: ROOT, stdio: "inherit" });
    if (built.status !== 0) throw new Error("react-router build failed");
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), "recours-burst-"));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATABASE_URL;
  Object.assign(env, {
    NODE_ENV: "production",
    LOG_LEVEL: "error",
    HOST: "127.0.0.1",
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    EMAIL_VERIFICATION: "false",
    JOB_WORKER: "off",
    // The burst must reach the password check, not the attempt limits.
    LOGIN_ATTEMPTS_PER_EMAIL: HIGH_LIMIT,
    LOGIN_ATTEMPTS_PER_ADDRESS: HIGH_LIMIT,
    SIGNUP_ATTEMPTS_PER_ADDRESS: HIGH_LIMIT,
    MAX_CONNECTIONS_PER_ADDRESS: "100000",
  });
  // A checkout from before decision 97 starts through tsx.
  const entry = existsSync(path.join(ROOT, "server/main.mjs")) ? [process.execPath, "server/main.mjs"] : [path.join(ROOT, "node_modules/.bin/tsx"), "server/main.ts"];
  const child = spawn(entry[0]!, entry.slice(1), { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
      child.kill("SIGTERM");
      const forced = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(forced);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseUrl, child, () => output);
    const signUp = await fetch(`${baseUrl}/inscription`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: baseUrl },
      body: new URLSearchParams(user).toString(),
    });
    if (signUp.status !== 302) throw new Error(`sign-up answered ${signUp.status}`);

    // Warm up, then the quiet figures.
    for (let i = 0; i < 20; i += 1) await timed(`${baseUrl}/healthz`);
    const quietHealth: number[] = [];
    const quietPage: number[] = [];
    for (let i = 0; i < 50; i += 1) quietHealth.push(await timed(`${baseUrl}/healthz`));
    for (let i = 0; i < 20; i += 1) quietPage.push(await timed(`${baseUrl}/connexion`));

    // The burst, with /healthz and a public page probed one after the other while it lasts.
    let bursting = true;
    const burstHealth: number[] = [];
    const burstPage: number[] = [];
    const probeLoop = async (url: string, into: number[]) => {
      while (bursting) {
        into.push(await timed(url));
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    const probe = Promise.all([probeLoop(`${baseUrl}/healthz`, burstHealth), probeLoop(`${baseUrl}/fonctionnement`, burstPage)]);
    const started = performance.now();
    const statuses = await Promise.all(
      Array.from({ length: BURST }, async (_, index) => {
        const response = await fetch(`${baseUrl}/connexion`, {
          method: "POST",
          redirect: "manual",
          headers: { "content-type": "application/x-www-form-urlencoded", origin: baseUrl },
          body: new URLSearchParams({ email: user.email, password: `Mauvais-mot-de-passe-${index}` }).toString(),
          signal: AbortSignal.timeout(300_000),
        }).catch(() => null);
        if (!response) return 0;
        await response.arrayBuffer();
        return response.status;
      }),
    );
    const burstSeconds = (performance.now() - started) / 1000;
    bursting = false;
    await probe;

    const count = (status: number) => statuses.filter((s) => s === status).length;
    const ms = (value: number) => `${value.toFixed(1)} ms`;
    console.log(`checkout: ${ROOT}`);
    console.log(`burst: ${BURST} parallel wrong sign-ins in ${burstSeconds.toFixed(2)} s — 401: ${count(401)}, 503: ${count(503)}, 429: ${count(429)}, other: ${BURST - count(401) - count(503) - count(429)}`);
    console.log(`/healthz quiet:        p50 ${ms(percentile(quietHealth, 50))}, p95 ${ms(percentile(quietHealth, 95))} (${quietHealth.length} requests)`);
    console.log(`/healthz during burst: p50 ${ms(percentile(burstHealth, 50))}, p95 ${ms(percentile(burstHealth, 95))}, max ${ms(Math.max(...burstHealth))} (${burstHealth.length} requests)`);
    if (timeouts > 0) console.log(`probe requests unanswered after 60 s: ${timeouts}`);
    console.log(`public page quiet (/connexion): p95 ${ms(percentile(quietPage, 95))}; during burst (/fonctionnement): p95 ${ms(percentile(burstPage, 95))} (${burstPage.length} requests)`);
  } finally {
    await stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
