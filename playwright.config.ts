import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { LOGIN_ATTEMPTS_PER_ADDRESS, LOGIN_ATTEMPTS_PER_EMAIL, SIGNUP_ATTEMPTS_PER_ADDRESS } from "./tests/e2e/support/limits";

// Debian's Chromium, never a downloaded one.
process.env.PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD = "1";

const port = Number(process.env.E2E_PORT ?? 3210);
/** The test mailbox: SMTP for the app, HTTP for the tests (tests/e2e/support/mail.ts). */
const MAIL_SINK_SMTP_PORT = port + 1;
const MAIL_SINK_HTTP_PORT = port + 2;
const baseURL = `http://127.0.0.1:${port}`;
// A fresh database for every run: the web server command removes this folder before it starts.
const dataDir = path.join(tmpdir(), `recours-e2e-${port}`);

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  reporter: "list",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    locale: "fr-FR",
    // CI prints only the log, so a trace there is never read; recording one for every test costs about a third of
    // the suite's time on a 2-core machine (screencast and DOM snapshots).
    trace: process.env.CI ? "off" : "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: {
          executablePath: "/usr/bin/chromium",
          args: [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            // One renderer process per context instead of one per site: fewer processes to start on a 2-core machine.
            "--disable-site-isolation-trials",
            "--disable-features=IsolateOrigins,site-per-process",
          ],
        },
      },
    },
  ],
  webServer: [
    {
      command: "exec node_modules/.bin/tsx tests/e2e/support/mail-sink-server.ts",
      url: `http://127.0.0.1:${MAIL_SINK_HTTP_PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { MAIL_SINK_SMTP_PORT: String(MAIL_SINK_SMTP_PORT), MAIL_SINK_HTTP_PORT: String(MAIL_SINK_HTTP_PORT) },
    },
    {
      // Serves the production build (scripts/test-all.sh builds first; build here only if it is missing).
      command: [
        `rm -rf '${dataDir}'`,
        "(test -f build/server/index.js || node_modules/.bin/react-router build)",
        // The allocator npm start gives the server (server/with-allocator.sh).
        "exec sh server/with-allocator.sh node server/main.mjs",
      ].join(" && "),
      url: `${baseURL}/healthz`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: "pipe",
      stderr: "pipe",
      env: {
        NODE_ENV: "production",
        LOG_LEVEL: "warn",
        PORT: String(port),
        HOST: "127.0.0.1",
        PUBLIC_URL: baseURL,
        DATA_DIR: dataDir,
        DATABASE_URL: "",
        SIGNUP_ATTEMPTS_PER_ADDRESS: String(SIGNUP_ATTEMPTS_PER_ADDRESS),
        LOGIN_ATTEMPTS_PER_ADDRESS: String(LOGIN_ATTEMPTS_PER_ADDRESS),
        LOGIN_ATTEMPTS_PER_EMAIL: String(LOGIN_ATTEMPTS_PER_EMAIL),
        PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1",
        SMTP_URL: `smtp://127.0.0.1:${MAIL_SINK_SMTP_PORT}`,
        MAIL_FROM: "Recours <bonjour@recours.test>",
        JOB_POLL_MILLISECONDS: "200",
        JOB_RETRY_BASE_SECONDS: "1",
      },
    },
  ],
});
