/**
 * The privacy policy over real HTTP against the production build: its retention table is the one the retention jobs
 * apply (including the configured identity-document period), and its cookie list is exactly the cookies the app sets,
 * each living at most 13 months. The page does not depend on the database engine: PGlite only.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COOKIE_MAX_AGE_LIMIT_SECONDS, retentionRules, STRICTLY_NECESSARY_COOKIES } from "~/modules/privacy/retention";
import { stopRuntime } from "~/platform/runtime.server";
import { seedAccount, seedEnrolledAccount } from "../support/accounts";
import { decodeHtml, ensureProductionBuild, httpRequest, startProductionServer, type RunningServer , spaced } from "../support/production-server";
import { persistentDatabaseTarget, startTestRuntimeOn } from "../support/test-database";

const FORM = { "content-type": "application/x-www-form-urlencoded" };
const IDENTITY_DAYS = 14;

function cellText(html: string): string {
  return decodeHtml(html.replace(/<[^>]+>/g, " ")).replace(/\s+/g, " ").trim();
}

/** The body rows of the table with that caption, as cell texts. */
function tableRows(html: string, caption: string): string[][] {
  const tables = html.match(/<table\b[\s\S]*?<\/table>/g) ?? [];
  const table = tables.find((candidate) => /<caption[^>]*>([\s\S]*?)<\/caption>/.exec(candidate)?.[1] === caption);
  if (!table) throw new Error(`pas de tableau « ${caption} »`);
  const body = /<tbody>([\s\S]*?)<\/tbody>/.exec(table)![1]!;
  return [...body.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((row) => [...row[1]!.matchAll(/<t[hd]\b[^>]*>([\s\S]*?)<\/t[hd]>/g)].map((cell) => cellText(cell[1]!)));
}

interface SetCookie {
  name: string;
  maxAge: number | null;
  expires: Date | null;
}

function parseSetCookie(line: string): SetCookie {
  const [pair, ...attributes] = line.split(";").map((part) => part.trim());
  const name = pair!.slice(0, pair!.indexOf("="));
  let maxAge: number | null = null;
  let expires: Date | null = null;
  for (const attribute of attributes) {
    const [key, value] = attribute.split("=");
    if (key!.toLowerCase() === "max-age") maxAge = Number(value);
    if (key!.toLowerCase() === "expires") expires = new Date(attribute.slice(attribute.indexOf("=") + 1));
  }
  return { name, maxAge, expires };
}

describe("privacy policy over HTTP, production build", () => {
  let persistent: Awaited<ReturnType<typeof persistentDatabaseTarget>>;
  let server: RunningServer | undefined;
  let client: { email: string; password: string };
  let staff: { email: string; password: string };
  const http = (path: string, init: Parameters<typeof httpRequest>[2] = {}) => httpRequest(server!.baseUrl, path, init);

  beforeAll(async () => {
    ensureProductionBuild();
    persistent = await persistentDatabaseTarget("pglite");
    await startTestRuntimeOn(persistent.target);
    const seeded = await seedAccount("user", { email: "claire@privacy-http.example" });
    client = { email: seeded.email, password: seeded.password };
    const admin = await seedEnrolledAccount("admin", { email: "remi@privacy-http.example" });
    staff = { email: admin.email, password: admin.password };
    await stopRuntime();
    server = await startProductionServer({
      ...persistent.serverEnv,
      AUTH_SECRET: "privacy-http-secret-privacy-http-secret-0123",
      IDENTITY_DOCUMENT_RETENTION_DAYS: String(IDENTITY_DAYS),
    });
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
    await stopRuntime();
    await persistent?.drop();
  }, 60_000);

  it("the retention table equals the rules the jobs apply, with the configured identity-document period", async () => {
    const page = await http("/politique-confidentialite");
    expect(page.status).toBe(200);
    const expected = retentionRules({ identityDocumentDays: IDENTITY_DAYS }).map((rule) => [rule.data, rule.duration, rule.outcome, rule.basis].map(spaced));
    expect(tableRows(page.body, "Durées de conservation")).toEqual(expected);
    expect(expected[0]![1]).toBe("14 jours après la décision de vérification");
  });

  it("the cookie list is exactly the cookies the app sets, each at most 13 months; no consent banner is needed", async () => {
    const page = await http("/politique-confidentialite");
    const listed = tableRows(page.body, "Cookies utilisés sur le site");
    expect(listed).toEqual(STRICTLY_NECESSARY_COOKIES.map((cookie) => [cookie.name, cookie.purpose, cookie.lifetime].map(spaced)));
    expect(cellText(page.body)).toContain("aucun bandeau ne vous demande votre accord");

    const seen: SetCookie[] = [];
    const signIn = async (account: { email: string; password: string }) => {
      const response = await http("/connexion", { method: "POST", headers: FORM, body: new URLSearchParams(account).toString() });
      expect(response.status).toBe(302);
      seen.push(...response.setCookies.map(parseSetCookie));
    };
    await signIn(client);
    await signIn(staff);
    for (const path of ["/", "/politique-confidentialite", "/connexion", "/inscription"]) {
      seen.push(...(await http(path)).setCookies.map(parseSetCookie));
    }

    const names = new Set(seen.map((cookie) => cookie.name));
    // The client's session, the staff member's pending second factor and the confirmation message at least.
    for (const name of ["recours.session_token", "recours.two_factor", "recours_flash"]) expect(names).toContain(name);
    const byName = new Map(STRICTLY_NECESSARY_COOKIES.map((cookie) => [cookie.name, cookie]));
    for (const cookie of seen) {
      // A cookie without Max-Age or Expires lives until the browser closes.
      const lifetime = cookie.maxAge ?? (cookie.expires ? Math.round((cookie.expires.getTime() - Date.now()) / 1000) : 1);
      // Max-Age 0 clears a cookie (better-auth clears recours.session_data, which it never sets here): nothing stored.
      if (lifetime <= 0) continue;
      const described = byName.get(cookie.name);
      expect(described, `cookie « ${cookie.name} » absent de la politique`).toBeDefined();
      expect(lifetime).toBeLessThanOrEqual(COOKIE_MAX_AGE_LIMIT_SECONDS);
      expect(lifetime).toBeLessThanOrEqual(described!.maxAgeSeconds);
      if (cookie.maxAge !== null) expect(cookie.maxAge).toBe(described!.maxAgeSeconds);
    }
  });
});
