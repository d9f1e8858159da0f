/**
 * POST /complete-profile and GET /api/communes over real HTTP against the production build, on each engine,
 * with a Google Maps key configured (its Content-Security-Policy is checked here).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NUL_MESSAGE } from "~/lib/form";
import { profileMessages } from "~/modules/profile/profile.schema";
import { readProfileFields } from "~/modules/profile/sensitive-fields.server";
import { db, runtime, stopRuntime } from "~/platform/runtime.server";
import { cookieHeaderFrom, seedAccount } from "../support/accounts";
import {
  ensureProductionBuild,
  httpRequest,
  startProductionServer,
  visibleText,
  type HttpResult,
  type RunningServer,
  spaced,
} from "../support/production-server";
import { persistentDatabaseTarget, startTestRuntimeOn, testEngines } from "../support/test-database";

const FORM = { "content-type": "application/x-www-form-urlencoded" };
const MAPS_KEY = "AIzaSyTest-cle_de_test_0123456789abcdef";

const validProfile = {
  firstName: "Inès",
  lastName: "Injection",
  birthDate: "02-03-1970",
  nif: "3123456789012",
  phoneMobileCountry: "FR",
  phoneMobile: "6 98 76 54 32",
  phoneFixedCountry: "FR",
  phoneFixed: "",
  country: "france",
  address: "1 place de la Bourse",
  postalCode: "33000",
  city: "Bordeaux",
  department: "Gironde",
  acceptPrivacy: "on",
  acceptTerms: "on",
};

function directive(result: HttpResult, name: string): string[] {
  const csp = result.headers.get("content-security-policy") ?? "";
  const found = csp.split(";").map((part) => part.trim().split(/\s+/)).find(([directiveName]) => directiveName === name);
  return found?.slice(1) ?? [];
}

describe.each(testEngines())("profile over HTTP, production build, %s", (engine) => {
  let persistent: Awaited<ReturnType<typeof persistentDatabaseTarget>>;
  let server: RunningServer | undefined;
  const people = {} as Record<"user" | "lawyer" | "victim" | "newcomer", { userId: string; email: string; password: string; cookie: string }>;

  const http = (path: string, init: Parameters<typeof httpRequest>[2] = {}) => httpRequest(server!.baseUrl, path, init);

  beforeAll(async () => {
    ensureProductionBuild();
    persistent = await persistentDatabaseTarget(engine);
    await startTestRuntimeOn(persistent.target);
    for (const key of ["user", "lawyer", "victim", "newcomer"] as const) {
      const seeded = await seedAccount(key === "lawyer" ? "lawyer" : "user", { email: `${key}@profile-http.example` });
      people[key] = { ...seeded, cookie: "" };
    }
    await stopRuntime();

    server = await startProductionServer({
      ...persistent.serverEnv,
      AUTH_SECRET: "profile-http-secret-profile-http-secret-0123",
      GOOGLE_MAPS_API_KEY: MAPS_KEY,
    });
    for (const person of Object.values(people)) {
      const response = await http("/connexion", {
        method: "POST",
        headers: FORM,
        body: new URLSearchParams({ email: person.email, password: person.password }).toString(),
      });
      expect(response.status).toBe(302);
      person.cookie = cookieHeaderFrom(response.setCookies, (name) => !name.startsWith("recours_flash"));
    }
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
    await stopRuntime();
    await persistent?.drop();
  }, 60_000);

  const post = (cookie: string, body: string, headers: Record<string, string> = FORM) =>
    http("/complete-profile", { method: "POST", cookie, headers, body });

  it("on the way from a landing page to the case wizard: the profile form, then the wizard with the page's type", async () => {
    const cookie = people.newcomer.cookie;
    const wizard = "/create-case?type=arnaque-president";
    // A signed-in visitor pressing a landing page's "Récupérer mon argent" goes past sign-up to the wizard.
    const signUp = await http(`/inscription?redirectTo=${encodeURIComponent(wizard)}`, { cookie });
    expect(signUp.status).toBe(302);
    expect(signUp.location).toBe(wizard);
    const elsewhere = await http(`/inscription?redirectTo=${encodeURIComponent("https://evil.example/")}`, { cookie });
    expect(elsewhere.location).toBe("/dashboard");

    const first = await http(wizard, { cookie });
    expect(first.status).toBe(302);
    expect(first.location).toBe(`/complete-profile?redirectTo=${encodeURIComponent(wizard)}`);
    const saved = await http(first.location!, { method: "POST", cookie, headers: FORM, body: new URLSearchParams(validProfile).toString() });
    expect(saved.status, visibleText(saved.body).slice(0, 1500)).toBe(302);
    expect(saved.location).toBe(wizard);
    const page = await http(wizard, { cookie });
    expect(page.status).toBe(200);
    expect(page.body).toMatch(/<input[^>]*id="champ-scam_type-ceo_fraud"[^>]*checked=""/);
  });

  it("invalid data with role=admin: 400, the French messages, the values kept, nothing saved", async () => {
    const body = new URLSearchParams({
      ...validProfile,
      firstName: "",
      birthDate: "31-02-1990",
      nif: "412345678901",
      postalCode: "3300",
      acceptTerms: "",
      role: "admin",
    }).toString();
    const response = await post(people.victim.cookie, body);
    expect(response.status).toBe(400);
    const text = visibleText(response.body);
    for (const message of [
      "Le prénom est requis",
      "Date invalide",
      profileMessages.nifInvalid,
      "Le code postal doit comporter 5 chiffres",
      "Vous devez accepter les conditions générales",
    ]) {
      expect(text).toContain(spaced(message));
    }
    expect(response.body).toContain('value="1 place de la Bourse"');
    expect(response.body).toContain('value="31-02-1990"');
  });

  it("a crafted POST with role=admin, identity_verified=true and another user's id changes neither", async () => {
    const body = new URLSearchParams({
      ...validProfile,
      role: "admin",
      identity_verified: "true",
      profile_completed: "false",
      assigned_lawyer_id: people.lawyer.userId,
      id: people.user.userId,
      email: "pirate@profile-http.example",
    }).toString();
    const response = await post(people.victim.cookie, `${body}&__proto__%5Brole%5D=admin&constructor%5Bprototype%5D%5Brole%5D=admin`);
    expect(response.status, visibleText(response.body).slice(0, 1500)).toBe(302);
    expect(response.location).toBe("/dashboard");
    expect(response.setCookies.some((line) => line.startsWith("recours_flash="))).toBe(true);

    const dashboard = await http("/dashboard", { cookie: `${people.victim.cookie}; ${cookieHeaderFrom(response.setCookies)}` });
    const text = visibleText(dashboard.body);
    expect(text).toContain("Profil mis à jour");
    expect(text).toContain("Vos informations ont été sauvegardées avec succès.");
    expect(text).toContain("Complété");
    expect(text).not.toContain("Tableau de bord administrateur");

    // The admin area still refuses this person.
    const admin = await http("/admin/users", { cookie: people.victim.cookie });
    expect(admin.status).toBe(302);
    expect(admin.location).toBe("/dashboard");
  });

  it("the saved NIF and birth date, sealed in the database, come back to their owner on the profile page", async () => {
    const page = await http("/complete-profile", { cookie: people.victim.cookie });
    expect(page.status).toBe(200);
    expect(page.body).toContain('value="02-03-1970"');
    expect(page.body).toMatch(/value="3 ?12 ?345 ?678 ?9012"|value="3123456789012"/);
    const other = await http("/complete-profile", { cookie: people.user.cookie });
    expect(other.body).not.toContain("3123456789012");
  });

  it("bad bodies answer 4xx, never 500", async () => {
    const cookie = people.user.cookie;
    const json = await post(cookie, JSON.stringify(validProfile), { "content-type": "application/json" });
    expect(json.status).toBe(400);
    const nul = await post(cookie, new URLSearchParams({ ...validProfile, city: "Bor\u0000deaux" }).toString());
    expect(nul.status).toBe(400);
    expect(visibleText(nul.body)).toContain(spaced(NUL_MESSAGE));
    const long = await post(cookie, new URLSearchParams({ ...validProfile, address: "a".repeat(301) }).toString());
    expect(long.status).toBe(400);
    expect(visibleText(long.body)).toContain("Ce champ ne peut pas dépasser 300 caractères.");
    const missing = await post(cookie, "firstName=Seul");
    expect(missing.status).toBe(400);
    expect(visibleText(missing.body)).toContain("La date de naissance est requise");
    const huge = await post(cookie, `address=${"a".repeat(2 * 1024 * 1024)}`);
    expect(huge.status).toBe(413);
  });

  it("anonymous visitors are sent to /connexion and cannot post", async () => {
    const response = await post("", new URLSearchParams(validProfile).toString());
    expect(response.status).toBe(302);
    expect(response.location).toBe("/connexion");
  });

  it("GET /api/communes answers JSON for a signed-in person, 400 for a malformed code", async () => {
    const paris = await http("/api/communes?postalCode=75008", { cookie: people.user.cookie });
    expect(paris.status).toBe(200);
    expect(paris.headers.get("content-type")).toMatch(/^application\/json/);
    expect(JSON.parse(paris.body)).toEqual({ communes: [{ name: "Paris", departmentCode: "75", departmentName: "Paris" }] });
    const several = JSON.parse((await http("/api/communes?postalCode=01400", { cookie: people.user.cookie })).body) as {
      communes: unknown[];
    };
    expect(several.communes).toHaveLength(10);
    for (const query of ["?postalCode=abc", "?postalCode=7500", ""]) {
      const bad = await http(`/api/communes${query}`, { cookie: people.user.cookie });
      expect(bad.status, query).toBe(400);
      expect(JSON.parse(bad.body)).toEqual({ error: "Le code postal doit comporter 5 chiffres" });
    }
    // A NUL never reaches the route: the server refuses the address itself (issue 9), in JSON under /api/.
    const nul = await http("/api/communes?postalCode=75008%00", { cookie: people.user.cookie });
    expect(nul.status).toBe(400);
    expect(JSON.parse(nul.body)).toEqual({ error: "L'adresse demandée contient des caractères non valides. Vérifiez le lien ou la recherche." });
  });

  it("the Google Maps origins are allowed on /complete-profile only, where the key is given to the page", async () => {
    const page = await http("/complete-profile", { cookie: people.user.cookie });
    expect(page.status).toBe(200);
    expect(directive(page, "script-src")).toContain("https://maps.googleapis.com");
    expect(directive(page, "connect-src")).toEqual(["'self'", "https://maps.googleapis.com", "https://places.googleapis.com"]);
    expect(directive(page, "style-src")).toEqual(["'self'"]);
    expect(page.body).toContain(MAPS_KEY);
    // The script itself is loaded by the page's own code when the address field is used, not by the HTML.
    expect(page.body).not.toContain("maps.googleapis.com/maps/api/js");

    for (const path of ["/dashboard", "/", "/connexion", "/api/communes?postalCode=75008"]) {
      const other = await http(path, { cookie: people.user.cookie });
      expect(other.headers.get("content-security-policy"), path).not.toMatch(/google/);
      expect(other.body, path).not.toContain(MAPS_KEY);
    }
  });

  it("the server logged no error while answering all of the above", () => {
    const errors = server!
      .output()
      .split("\n")
      .filter((line) => /"level":(5|6)\d/.test(line));
    expect(errors).toEqual([]);
  });

  it("after the server stops, the database shows the crafted fields were ignored", async () => {
    await server!.stop();
    await startTestRuntimeOn(persistent.target);
    const rows = await db()
      .selectFrom("profiles")
      .select(["id", "email", "role", "identity_verified", "assigned_lawyer_id", "profile_completed", "first_name"])
      .select((eb) => eb.ref("birth_date_sealed").as("sealed"))
      .where("email", "like", "%@profile-http.example")
      .orderBy("email")
      .execute();
    const victimRow = rows.find((row) => row.id === people.victim.userId)!;
    expect(victimRow.sealed).not.toBeNull();
    expect(Buffer.from(victimRow.sealed!).toString("latin1")).not.toContain("1970");
    expect((await readProfileFields(db(), runtime().keyring, people.victim.userId))?.birthDate).toBe("1970-03-02");
    const { sealed: _sealed, ...victim } = victimRow;
    expect(victim).toEqual({
      id: people.victim.userId,
      email: "victim@profile-http.example",
      role: "user",
      identity_verified: false,
      assigned_lawyer_id: null,
      profile_completed: true,
      first_name: "Inès",
    });
    // The other user named in the crafted post is untouched.
    expect(rows.find((row) => row.id === people.user.userId)).toMatchObject({ profile_completed: false });
    expect((await readProfileFields(db(), runtime().keyring, people.user.userId))?.birthDate ?? null).toBeNull();
    await stopRuntime();
  }, 60_000);
});
