#!/usr/bin/env bash
# `npm test`: builds, then runs unit + integration tests (Vitest), the cluster and fault tests (with PostgreSQL) and
# browser tests (Playwright).
# Integration tests also run on PostgreSQL when TEST_DATABASE_URL is set (.ci/run sets it).
# Prints each runner's counts and a last line "N passed, M failed" (also written to $TEST_SUMMARY_FILE if set).
set -euo pipefail
cd "$(dirname "$0")/.."

export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1

if [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" -eq 0 ]; then
    echo "==> Chromium is missing: installing Debian's chromium"
    apt-get update
    DEBIAN_FRONTEND=noninteractive apt-get install -y chromium fonts-liberation
  else
    echo "Browser tests need Debian's Chromium at /usr/bin/chromium. Install it with:" >&2
    echo "  sudo apt-get update && sudo apt-get install -y chromium fonts-liberation" >&2
    exit 1
  fi
fi

if ! command -v pdftotext >/dev/null 2>&1 || ! command -v pdfsig >/dev/null 2>&1; then
  if [ "$(id -u)" -eq 0 ]; then
    echo "==> pdftotext is missing (the PDF tests read documents with it): installing poppler-utils"
    apt-get update
    DEBIAN_FRONTEND=noninteractive apt-get install -y poppler-utils
  else
    echo "PDF tests need pdftotext. Install it with: sudo apt-get install -y poppler-utils" >&2
    exit 1
  fi
fi

reports="$(mktemp -d)"
trap 'rm -rf "$reports"' EXIT

echo "==> Build (react-router build)"
npx react-router build

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  echo "==> Vitest: unit + integration (PGlite and PostgreSQL)"
else
  echo "==> Vitest: unit + integration (PGlite only; set TEST_DATABASE_URL to add PostgreSQL)"
fi
vitest_status=0
npx vitest run --reporter=default --reporter=json --outputFile.json="$reports/vitest.json" || vitest_status=$?

# Several production servers on one PostgreSQL, and the faults (tests/cluster, decision 0053): PostgreSQL only.
cluster_status=0
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  echo "==> Vitest: two instances on one PostgreSQL, and faults (npm run test:cluster)"
  RECOURS_TEST_SKIP_BUILD=1 npx vitest run --config vitest.cluster.config.ts --reporter=default --reporter=json --outputFile.json="$reports/cluster.json" || cluster_status=$?
else
  echo "==> Cluster and fault tests skipped: they need PostgreSQL (set TEST_DATABASE_URL)"
fi

echo "==> Playwright: browser tests (Chromium)"
playwright_status=0
PLAYWRIGHT_JSON_OUTPUT_NAME="$reports/playwright.json" npx playwright test --reporter=list,json || playwright_status=$?

# Counts from the runners' JSON reports; a runner that crashed before reporting counts as one failure.
summary="$(node - "$reports" "$vitest_status" "$playwright_status" "$cluster_status" "${TEST_DATABASE_URL:+cluster}" <<'NODE'
const fs = require("node:fs");
const [dir, vitestStatus, playwrightStatus, clusterStatus, clusterRan] = process.argv.slice(2);
function read(file) {
  try { return JSON.parse(fs.readFileSync(`${dir}/${file}`, "utf8")); } catch { return undefined; }
}
const rows = [];
const v = read("vitest.json");
if (v) rows.push({ name: "vitest", passed: v.numPassedTests, failed: v.numFailedTests + (v.numFailedTestSuites > 0 && v.numFailedTests === 0 ? v.numFailedTestSuites : 0), skipped: v.numPendingTests + v.numTodoTests });
else rows.push({ name: "vitest", passed: 0, failed: vitestStatus === "0" ? 0 : 1, skipped: 0, note: "no report" });
if (clusterRan) {
  const c = read("cluster.json");
  if (c) rows.push({ name: "cluster", passed: c.numPassedTests, failed: c.numFailedTests + (c.numFailedTestSuites > 0 && c.numFailedTests === 0 ? c.numFailedTestSuites : 0), skipped: c.numPendingTests + c.numTodoTests });
  else rows.push({ name: "cluster", passed: 0, failed: clusterStatus === "0" ? 0 : 1, skipped: 0, note: "no report" });
}
const p = read("playwright.json");
if (p) rows.push({ name: "playwright", passed: p.stats.expected, failed: p.stats.unexpected + p.stats.flaky + (p.errors?.length && !p.stats.unexpected ? p.errors.length : 0), skipped: p.stats.skipped });
else rows.push({ name: "playwright", passed: 0, failed: playwrightStatus === "0" ? 0 : 1, skipped: 0, note: "no report" });
for (const r of rows) console.log(`${r.name}: ${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped${r.note ? ` (${r.note})` : ""}`);
const passed = rows.reduce((n, r) => n + r.passed, 0);
const failed = rows.reduce((n, r) => n + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
NODE
)"

echo
echo "==> Summary"
echo "$summary"
if [ -n "${TEST_SUMMARY_FILE:-}" ]; then echo "$summary" | tail -n 1 > "$TEST_SUMMARY_FILE"; fi

if [ "$vitest_status" -ne 0 ] || [ "$cluster_status" -ne 0 ] || [ "$playwright_status" -ne 0 ]; then
  echo "Tests failed (vitest exit $vitest_status, cluster exit $cluster_status, playwright exit $playwright_status)." >&2
  exit 1
fi
