import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_INTENTS, accountMessages, changePasswordSchema } from "~/modules/accounts/account-settings.schema";
import {
  accountOverviewFor,
  changePassword,
  endAllSessions,
  endSession,
} from "~/modules/accounts/account-settings.server";
import { messages } from "~/modules/accounts/accounts.schema";
import { anonymousActor, resolveActor, signIn } from "~/modules/accounts/accounts.server";
import type { UserActor } from "~/platform/actor";
import { db } from "~/platform/runtime.server";
import { authRequest, CLIENT_ADDRESS, cookieHeaderFrom, seedAccount, STRONG_PASSWORD } from "../support/accounts";
import { startTestRuntime, testEngines } from "../support/test-database";

const ATTEMPTS = 3;
const NEW_PASSWORD = "girafe lanterne moulin orage 58";
const ANDROID_CHROME =
  "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36";
const IPHONE_SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";

/** A request from one browser: its cookie, its user agent, its client address. */
function browserRequest(path: string, cookie?: string, userAgent = ANDROID_CHROME): Request {
  const request = authRequest(path, { cookie });
  request.headers.set("user-agent", userAgent);
  return request;
}

interface Device {
  cookie: string;
  actor: UserActor;
  request: () => Request;
}

async function signInDevice(email: string, password: string, userAgent = ANDROID_CHROME): Promise<Device> {
  const result = await signIn(anonymousActor(authRequest()), { email, password }, browserRequest("/connexion", undefined, userAgent));
  if (!result.ok) throw new Error(`connexion refusée : ${result.formError}`);
  const cookie = cookieHeaderFrom(result.headers.getSetCookie());
  const actor = await resolveActor(browserRequest("/compte", cookie, userAgent));
  if (actor.kind !== "user") throw new Error("session non reconnue");
  return { cookie, actor, request: () => browserRequest("/compte", cookie, userAgent) };
}

async function stillSignedIn(device: Device): Promise<boolean> {
  return (await resolveActor(device.request())).kind === "user";
}

async function sessionIds(userId: string): Promise<string[]> {
  const rows = await db().selectFrom("session").select("id").where("userId", "=", userId).orderBy("id").execute();
  return rows.map((row) => row.id);
}

async function passwordHash(userId: string): Promise<string | null> {
  const row = await db().selectFrom("account").select("password").where("userId", "=", userId).executeTakeFirstOrThrow();
  return row.password;
}

async function attemptsCounted(userId: string): Promise<number> {
  const row = await db()
    .selectFrom("auth_attempt_counters")
    .select("attempts")
    .where("key", "=", `change-password:user:${userId}`)
    .executeTakeFirst();
  return row?.attempts ?? 0;
}

function passwordForm(currentPassword: string, newPassword = NEW_PASSWORD) {
  return changePasswordSchema.parse({
    intent: ACCOUNT_INTENTS.changePassword,
    currentPassword,
    newPassword,
    confirmPassword: newPassword,
  });
}

describe.each(testEngines())("account page use cases on %s", (engine) => {
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ stop } = await startTestRuntime(engine, {
      LOGIN_ATTEMPTS_PER_EMAIL: String(ATTEMPTS),
      LOGIN_ATTEMPTS_PER_ADDRESS: "1000",
    }));
  });
  afterAll(() => stop());

  describe("accountOverviewFor", () => {
    it("lists the person's unexpired sessions, this one first, with device, address and French dates", async () => {
      const person = await seedAccount("user", { firstName: "Odette", lastName: "Martin" });
      const phone = await signInDevice(person.email, person.password, IPHONE_SAFARI);
      const here = await signInDevice(person.email, person.password, ANDROID_CHROME);
      const expired = await signInDevice(person.email, person.password);
      await db().updateTable("session").set({ expiresAt: new Date(Date.now() - 1000) }).where("id", "=", expired.actor.sessionId).execute();
      const stranger = await seedAccount("user");
      await signInDevice(stranger.email, stranger.password);

      const overview = await accountOverviewFor(here.actor);
      expect(overview).toMatchObject({ email: person.email, firstName: "Odette", lastName: "Martin" });
      // One date-time format everywhere (issue 29): "14/07/2025 à 18:05".
      expect(overview.passwordChangedAt?.text).toMatch(/^\d{2}\/\d{2}\/\d{4} à \d{2}:\d{2}$/);
      expect(overview.sessions.map((session) => session.id)).toEqual([here.actor.sessionId, phone.actor.sessionId]);
      const [current, other] = overview.sessions;
      expect(current).toMatchObject({ current: true, device: "Chrome sur Android", ipAddress: CLIENT_ADDRESS });
      expect(other).toMatchObject({ current: false, device: "Safari sur iPhone", ipAddress: CLIENT_ADDRESS });
      expect(current!.signedInAt.text).toMatch(/^\d{2}\/\d{2}\/\d{4} à \d{2}:\d{2}$/);
      expect(new Date(current!.lastActiveAt.iso).getTime()).toBeGreaterThan(Date.now() - 60_000);
    });

    it("refuses an anonymous actor", async () => {
      await expect(accountOverviewFor(anonymousActor(authRequest()))).rejects.toMatchObject({ status: 403 });
    });
  });

  describe("changePassword", () => {
    it("with a wrong current password: refused with the French message, counted, nothing changed", async () => {
      const person = await seedAccount("user");
      const here = await signInDevice(person.email, person.password);
      const other = await signInDevice(person.email, person.password);
      const hash = await passwordHash(person.userId);

      const result = await changePassword(here.actor, passwordForm("pas le bon mot de passe"), here.request());
      expect(result).toEqual({ ok: false, status: 400, fieldErrors: { currentPassword: "Le mot de passe actuel est incorrect." } });
      expect(await attemptsCounted(person.userId)).toBe(1);
      expect(await passwordHash(person.userId)).toBe(hash);
      expect(await stillSignedIn(here)).toBe(true);
      expect(await stillSignedIn(other)).toBe(true);
    });

    it("after too many attempts, even the right password is refused until the window ends", async () => {
      const person = await seedAccount("user");
      const here = await signInDevice(person.email, person.password);
      for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
        expect((await changePassword(here.actor, passwordForm(`faux mot de passe ${attempt}`), here.request())).ok).toBe(false);
      }
      const hash = await passwordHash(person.userId);
      const blocked = await changePassword(here.actor, passwordForm(person.password), here.request());
      expect(blocked).toEqual({ ok: false, status: 429, formError: accountMessages.tooManyPasswordAttempts });
      expect(await passwordHash(person.userId)).toBe(hash);

      await sql`UPDATE auth_attempt_counters SET window_started_at = now() - interval '2 hours'
                WHERE key = ${`change-password:user:${person.userId}`}`.execute(db());
      expect((await changePassword(here.actor, passwordForm(person.password), here.request())).ok).toBe(true);
    });

    it("refuses a guessable new password (the person's own name) without counting an attempt", async () => {
      const person = await seedAccount("user", { firstName: "Zorglubonix", lastName: "Pafrtak" });
      const here = await signInDevice(person.email, person.password);
      const result = await changePassword(here.actor, passwordForm(person.password, "zorglubonixpafrtak"), here.request());
      expect(result).toEqual({ ok: false, status: 400, fieldErrors: { newPassword: messages.passwordTooCommon } });
      expect(await attemptsCounted(person.userId)).toBe(0);
    });

    it("with the right one: new hash, the old password no longer signs in, other sessions ended, this browser kept", async () => {
      const person = await seedAccount("user");
      const here = await signInDevice(person.email, person.password);
      const laptop = await signInDevice(person.email, person.password, IPHONE_SAFARI);
      const phone = await signInDevice(person.email, person.password);
      const stranger = await seedAccount("user");
      const strangerDevice = await signInDevice(stranger.email, stranger.password);
      expect(await changePassword(here.actor, passwordForm("une erreur de frappe"), here.request())).toMatchObject({ ok: false });
      const hash = await passwordHash(person.userId);

      const result = await changePassword(here.actor, passwordForm(person.password), here.request());
      expect(result.ok).toBe(true);
      if (!result.ok) return;

      const newHash = await passwordHash(person.userId);
      expect(newHash).not.toBe(hash);
      expect(newHash).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
      expect(await attemptsCounted(person.userId)).toBe(0);

      // Every other device is signed out; this browser continues with the cookie of its new session.
      expect(await stillSignedIn(laptop)).toBe(false);
      expect(await stillSignedIn(phone)).toBe(false);
      const renewed = cookieHeaderFrom(result.headers.getSetCookie());
      expect(renewed).toMatch(/session_token=/);
      const actor = await resolveActor(browserRequest("/compte", renewed));
      expect(actor).toMatchObject({ kind: "user", userId: person.userId });
      expect(await sessionIds(person.userId)).toEqual([actor.kind === "user" ? actor.sessionId : ""]);
      const [session] = (await accountOverviewFor(actor)).sessions;
      expect(session).toMatchObject({ current: true, device: "Chrome sur Android", ipAddress: CLIENT_ADDRESS });
      // Someone else's session is untouched.
      expect(await stillSignedIn(strangerDevice)).toBe(true);

      const old = await signIn(anonymousActor(authRequest()), { email: person.email, password: STRONG_PASSWORD }, authRequest());
      expect(old).toEqual({ ok: false, status: 401, formError: messages.invalidCredentials });
      const fresh = await signIn(anonymousActor(authRequest()), { email: person.email, password: NEW_PASSWORD }, authRequest());
      expect(fresh.ok).toBe(true);
    });

    it("answers 'session ended' when the session was ended meanwhile, and changes nothing", async () => {
      const person = await seedAccount("user");
      const here = await signInDevice(person.email, person.password);
      const hash = await passwordHash(person.userId);
      await db().deleteFrom("session").where("id", "=", here.actor.sessionId).execute();
      const result = await changePassword(here.actor, passwordForm(person.password), here.request());
      expect(result).toEqual({ ok: false, status: 401, formError: accountMessages.sessionExpired });
      expect(await passwordHash(person.userId)).toBe(hash);
    });
  });

  describe("endSession", () => {
    it("ends one other session of the person and keeps the rest", async () => {
      const person = await seedAccount("user");
      const here = await signInDevice(person.email, person.password);
      const lost = await signInDevice(person.email, person.password);
      const kept = await signInDevice(person.email, person.password);

      expect(await endSession(here.actor, lost.actor.sessionId, here.request())).toEqual({ ok: true, signedOut: false });
      expect(await stillSignedIn(lost)).toBe(false);
      expect(await stillSignedIn(here)).toBe(true);
      expect(await stillSignedIn(kept)).toBe(true);
      // Already ended: not found.
      expect(await endSession(here.actor, lost.actor.sessionId, here.request())).toEqual({ ok: false, status: 404 });
    });

    it("another person's session id answers not found and deletes nothing", async () => {
      const person = await seedAccount("user");
      const here = await signInDevice(person.email, person.password);
      const victim = await seedAccount("admin");
      const victimDevice = await signInDevice(victim.email, victim.password);
      const before = (await sql<{ n: number }>`SELECT count(*)::int AS n FROM session`.execute(db())).rows[0]!.n;

      for (const id of [victimDevice.actor.sessionId, "", "inconnu", "' OR 1=1 --"]) {
        expect(await endSession(here.actor, id, here.request()), id).toEqual({ ok: false, status: 404 });
      }
      expect((await sql<{ n: number }>`SELECT count(*)::int AS n FROM session`.execute(db())).rows[0]!.n).toBe(before);
      expect(await stillSignedIn(victimDevice)).toBe(true);
      expect(await stillSignedIn(here)).toBe(true);
    });

    it("ending this browser's own session signs it out and clears its cookie", async () => {
      const person = await seedAccount("user");
      const here = await signInDevice(person.email, person.password);
      const other = await signInDevice(person.email, person.password);
      const result = await endSession(here.actor, here.actor.sessionId, here.request());
      expect(result).toMatchObject({ ok: true, signedOut: true });
      if (!result.ok || !result.signedOut) return;
      expect(result.headers.getSetCookie().some((line) => /session_token=;|session_token=[^;]*;.*max-age=0/i.test(line))).toBe(true);
      expect(await stillSignedIn(here)).toBe(false);
      expect(await stillSignedIn(other)).toBe(true);
    });
  });

  describe("endAllSessions", () => {
    it("ends every session of the person, this one included, and no one else's", async () => {
      // A client: staff without a second factor may only enrol (decision 13).
      const person = await seedAccount("user");
      const devices = [
        await signInDevice(person.email, person.password),
        await signInDevice(person.email, person.password, IPHONE_SAFARI),
        await signInDevice(person.email, person.password),
      ];
      const stranger = await seedAccount("user");
      const strangerDevice = await signInDevice(stranger.email, stranger.password);

      const headers = await endAllSessions(devices[0]!.actor, devices[0]!.request());
      expect(headers.getSetCookie().some((line) => /session_token=;|session_token=[^;]*;.*max-age=0/i.test(line))).toBe(true);
      expect(await sessionIds(person.userId)).toEqual([]);
      for (const device of devices) expect(await stillSignedIn(device)).toBe(false);
      expect(await stillSignedIn(strangerDevice)).toBe(true);
    });
  });
});
