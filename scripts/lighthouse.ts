// `npm run lighthouse [path…]`: Lighthouse (mobile, Debian's Chromium) on every public page of the production build
// (publicPagePaths(), or the paths given). Prints the four scores, the JavaScript each page loads (raw and gzipped)
// and any request that left the site's own origin. Exits 1 when a score misses its target (performance ≥ 98, the
// other three 100) or a page calls another origin. LIGHTHOUSE_SKIP_BUILD=1 uses the existing build.
// Each page is measured LIGHTHOUSE_RUNS times (3 by default, as Lighthouse CI does) and judged on the median run
// Lighthouse itself would pick (closest to the median first paint and time to interactive); the line also shows the
// lowest and highest performance score of the runs.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import { publicPagePaths } from "~/content/site";
import { freePort, ROOT, startProductionServer } from "../tests/support/production-server";

const args = process.argv.slice(2).filter((arg) => arg.startsWith("/"));
const PAGES = args.length > 0 ? args : publicPagePaths();
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const TARGETS = { performance: 98, accessibility: 100, seo: 100, "best-practices": 100 } as const;
const CHROME_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
].join(" ");

type Category = keyof typeof TARGETS;
type NetworkRequest = { url: string; resourceType?: string; transferSize?: number };
type LighthouseResult = {
  /** Lighthouse's own CPU benchmark of this machine at the time (an idle desktop scores ~1 000 or more). */
  environment?: { benchmarkIndex?: number };
  categories: Record<Category, { score: number | null }>;
  audits: Record<string, { numericValue?: number; details?: { items?: NetworkRequest[] } }>;
};

/** Lighthouse's own trace recording sometimes fails (NO_NAVSTART, NO_FCP): such a run is tried again, twice at most. */
function runLighthouse(url: string, attempt = 1): LighthouseResult {
  const result = spawnSync(
    path.join(ROOT, "node_modules/.bin/lighthouse"),
    [
      url,
      "--form-factor=mobile",
      "--only-categories=performance,accessibility,seo,best-practices",
      `--chrome-flags=${CHROME_FLAGS}`,
      "--output=json",
      "--output-path=stdout",
      "--quiet",
    ],
    { encoding: "utf8", env: { ...process.env, CHROME_PATH: "/usr/bin/chromium" }, maxBuffer: 64 * 1024 * 1024 },
  );
  if (result.status !== 0 && attempt < 3 && /Runtime error encountered/.test(result.stderr)) return runLighthouse(url, attempt + 1);
  if (result.status !== 0) throw new Error(`Lighthouse a échoué sur ${url} :\n${result.stderr}`);
  return JSON.parse(result.stdout) as LighthouseResult;
}

async function scriptBytes(scripts: string[]): Promise<{ raw: number; gzip: number }> {
  let raw = 0;
  let gzip = 0;
  for (const url of scripts) {
    // A kept-alive socket the server has just closed fails the first try ("other side closed"): one more.
    const response = await fetch(url).catch(() => fetch(url));
    const body = Buffer.from(await response.arrayBuffer());
    raw += body.length;
    gzip += gzipSync(body, { level: 9 }).length;
  }
  return { raw, gzip };
}

async function main() {
  if (process.env.LIGHTHOUSE_SKIP_BUILD !== "1") {
    const build = spawnSync("npx", ["react-router", "build"], { cwd: ROOT, stdio: "inherit" });
    if (build.status !== 0) process.exit(1);
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), "recours-lighthouse-"));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = await startProductionServer({ PORT: String(port), PUBLIC_URL: origin, DATA_DIR: dataDir });
  let failed = false;
  try {
    console.log(`${RUNS} run(s) per page, median run shown; performance: median run (lowest–highest)`);
    console.log("page | performance | accessibility | seo | best-practices | FCP / LCP / TBT / SI ms, CLS | JS (raw / gzip) | other origins | CPU benchmark");
    for (const page of PAGES) {
      const runs = Array.from({ length: RUNS }, () => runLighthouse(`${origin}${page}`));
      const report = computeMedianRun(runs as unknown as Parameters<typeof computeMedianRun>[0]) as unknown as LighthouseResult;
      const performances = runs.map((run) => Math.round((run.categories.performance.score ?? 0) * 100));
      const requestsOf = (run: LighthouseResult) => run.audits["network-requests"]?.details?.items ?? [];
      const scripts = requestsOf(report).filter((r) => r.resourceType === "Script").map((r) => r.url);
      // Any run that reached another origin fails the page, not only the median one.
      const foreign = runs.flatMap(requestsOf).filter((r) => !r.url.startsWith(origin) && !r.url.startsWith("data:"));
      const js = await scriptBytes(scripts);
      const scores = (Object.keys(TARGETS) as Category[]).map((category) => {
        const score = Math.round((report.categories[category].score ?? 0) * 100);
        if (score < TARGETS[category]) failed = true;
        const spread = category === "performance" && RUNS > 1 ? ` (${Math.min(...performances)}–${Math.max(...performances)})` : "";
        return `${score}${spread}`;
      });
      if (foreign.length > 0) failed = true;
      const metric = (id: string) => report.audits[id]?.numericValue ?? NaN;
      const timings = `${["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "speed-index"].map((id) => Math.round(metric(id))).join(" / ")}, ${metric("cumulative-layout-shift").toFixed(2)}`;
      console.log(
        [page, ...scores, timings, `${js.raw} B / ${js.gzip} B (${scripts.length} files)`, [...new Set(foreign.map((r) => r.url))].join(" ") || "none", String(Math.round(report.environment?.benchmarkIndex ?? 0))].join(" | "),
      );
    }
    console.log(`targets: ${Object.entries(TARGETS).map(([k, v]) => `${k} ≥ ${v}`).join(", ")}`);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (failed) {
    console.error("Lighthouse : au moins un objectif n'est pas atteint.");
    process.exit(1);
  }
}

await main();
