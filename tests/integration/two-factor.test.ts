import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { anonymousActor, resolveActor, signIn } from "~/modules/accounts/accounts.server";
import { twoFactorMessages } from "~/modules/accounts/two-factor.schema";
import {
  changeSecondFactor,
  hasOpenSignInChallenge,
  secondFactorSettings,
  verifySignInSecondFactor,
} from "~/modules/accounts/two-factor.server";
import { dashboardFor } from "~/modules/dashboard/dashboard.server";
import { ForbiddenError, type UserActor } from "~/platform/actor";
import { db } from "~/platform/runtime.server";
import { authRequest, cookieHeaderFrom, enrolSecondFactor, seedAccount, seedEnrolledAccount, totpCode, totpCodeAt } from "../support/accounts";
import { startTestRuntime, testEngines } from "../support/test-database";

const generousLimits = { LOGIN_ATTEMPTS_PER_ADDRESS: "1000", SIGNUP_ATTEMPTS_PER_ADDRESS: "1000", LOGIN_ATTEMPTS_PER_EMAIL: "1000" };

const anonymous = () => anonymousActor(authRequest());

/** Signs in with the password; returns the cookies the browser would now hold. */
async function passwordStep(account: { email: string; password: string }) {
  const result = await signIn(anonymous(), account, authRequest());
  if (!result.ok) throw new Error(`connexion refusée : ${result.formError}`);
  return { next: result.next, setCookies: result.headers.getSetCookie(), cookie: cookieHeaderFrom(result.headers.getSetCookie()) };
}

async function sessionCount(userId: string): Promise<number> {
  const row = await db().selectFrom("session").select(db().fn.countAll<number>().as("n")).where("userId", "=", userId).executeTakeFirstOrThrow();
  return Number(row.n);
}

async function actorFor(cookie: string): Promise<UserActor> {
  const actor = await resolveActor(authRequest("/dashboard", { cookie }));
  if (actor.kind !== "user") throw new Error("pas de session");
  return actor;
}

describe.each(testEngines())("staff second factor on %s", (engine) => {
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ stop } = await startTestRuntime(engine, generousLimits));
  });
  afterAll(() => stop());

  describe("a lawyer or admin without a second factor", () => {
    it("gets a session good for enrolment only: the actor is not-enrolled and member use cases refuse it", async () => {
      const admin = await seedAccount("admin");
      const { next, cookie } = await passwordStep(admin);
      expect(next).toBe("enrol-second-factor");
      const actor = await actorFor(cookie);
      expect(actor).toMatchObject({ role: "admin", secondFactor: "not-enrolled" });
      await expect(dashboardFor(actor)).rejects.toBeInstanceOf(ForbiddenError);
      await expect(secondFactorSettings(actor)).resolves.toEqual({ required: true, state: "off" });
    });

    it("enrols: password, QR code and manual key, a code from the app; then recovery codes, once", async () => {
      const lawyer = await seedAccount("lawyer");
      const first = await passwordStep(lawyer);
      const other = await passwordStep(lawyer); // another browser, also signed in with the password alone
      const actor = await actorFor(first.cookie);
      const request = () => authRequest("/compte/double-authentification", { cookie: first.cookie });

      const wrongPassword = await changeSecondFactor(actor, { intent: "start", password: "pas le bon mot de passe" }, request());
      expect(wrongPassword).toEqual({ ok: false, status: 400, fieldErrors: { password: twoFactorMessages.wrongPassword } });

      expect((await changeSecondFactor(actor, { intent: "start", password: lawyer.password }, request())).ok).toBe(true);
      const settings = await secondFactorSettings(actor);
      if (settings.state !== "setup") throw new Error(`état ${settings.state}`);
      expect(settings.required).toBe(true);
      expect(settings.account).toBe(lawyer.email);
      expect(settings.manualKey).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
      expect(settings.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
      expect(Buffer.from(settings.qrCode.split(",")[1]!, "base64").toString()).toContain("<svg");
      // Still not enrolled: a secret alone is not a second factor.
      expect((await actorFor(first.cookie)).secondFactor).toBe("not-enrolled");

      const wrongCode = await changeSecondFactor(actor, { intent: "confirm", code: "000000" }, request());
      expect(wrongCode).toEqual({ ok: false, status: 400, fieldErrors: { code: twoFactorMessages.wrongCode } });

      const confirmed = await changeSecondFactor(actor, { intent: "confirm", code: await totpCode(settings.manualKey) }, request());
      if (!confirmed.ok || confirmed.intent !== "confirm") throw new Error("activation refusée");
      expect(confirmed.recoveryCodes).toHaveLength(10);
      // Capitals and digits without look-alikes (no 0/O, 1/I/L…), easy to read off paper.
      for (const code of confirmed.recoveryCodes) expect(code).toMatch(/^[ACDEFGHJKMNPQRTUVWXY34679]{5}-[ACDEFGHJKMNPQRTUVWXY34679]{5}$/);

      // A new session for this browser, verified; the password-only sessions (this one's old, the other browser's) end.
      const renewed = cookieHeaderFrom(confirmed.headers.getSetCookie());
      expect(renewed).toMatch(/session_token=/);
      expect(await actorFor(renewed)).toMatchObject({ role: "lawyer", secondFactor: "verified" });
      expect(await resolveActor(authRequest("/dashboard", { cookie: first.cookie }))).toMatchObject({ kind: "anonymous" });
      expect(await resolveActor(authRequest("/dashboard", { cookie: other.cookie }))).toMatchObject({ kind: "anonymous" });
      expect(await sessionCount(actor.userId)).toBe(1);

      // Never again: the page shows the state only, and confirming twice is refused.
      await expect(secondFactorSettings(await actorFor(renewed))).resolves.toEqual({ required: true, state: "on" });
      const again = await changeSecondFactor(actor, { intent: "confirm", code: await totpCode(settings.manualKey) }, request());
      expect(again).toMatchObject({ ok: false, status: 409 });

      // Stored encrypted: neither the secret nor a recovery code is readable in the table.
      const stored = await db().selectFrom("twoFactor").selectAll().where("userId", "=", actor.userId).executeTakeFirstOrThrow();
      const text = `${stored.secret} ${stored.backupCodes}`;
      expect(text).not.toContain(settings.manualKey.replace(/ /g, ""));
      for (const code of confirmed.recoveryCodes) expect(text).not.toContain(code);
    });
  });

  describe("signing in with a second factor", () => {
    it("the right password alone creates no session: a challenge cookie, and the actor stays anonymous", async () => {
      const admin = await seedEnrolledAccount("admin");
      const sessionsBefore = await sessionCount(admin.userId);
      const { next, setCookies, cookie } = await passwordStep(admin);
      expect(next).toBe("second-factor");
      expect(cookie).not.toMatch(/session_token=/);
      expect(cookie).toMatch(/recours\.two_factor=/);
      expect(setCookies.find((line) => /two_factor=/.test(line))).toMatch(/HttpOnly/i);
      expect(await sessionCount(admin.userId)).toBe(sessionsBefore);
      expect(await resolveActor(authRequest("/dashboard", { cookie }))).toMatchObject({ kind: "anonymous" });
      expect(await hasOpenSignInChallenge(anonymous(), authRequest("/connexion/verification", { cookie }))).toBe(true);
    });

    it("a wrong code: the French message, still no session; the right code: a verified session", async () => {
      const admin = await seedEnrolledAccount("admin");
      const { cookie } = await passwordStep(admin);
      const request = () => authRequest("/connexion/verification", { cookie });

      const wrong = await verifySignInSecondFactor(anonymous(), { method: "app", code: "000000" }, request());
      expect(wrong).toEqual({ ok: false, status: 401, fieldErrors: { code: twoFactorMessages.wrongCode } });
      expect(await sessionCount(admin.userId)).toBe(0);

      const right = await verifySignInSecondFactor(anonymous(), { method: "app", code: await totpCode(admin.manualKey) }, request());
      if (!right.ok) throw new Error(JSON.stringify(right));
      const session = cookieHeaderFrom(right.headers.getSetCookie());
      expect(session).toMatch(/session_token=/);
      expect(await actorFor(session)).toMatchObject({ role: "admin", secondFactor: "verified" });
      await expect(dashboardFor(await actorFor(session))).resolves.toMatchObject({ view: "admin" });
      // The challenge is spent.
      expect(await hasOpenSignInChallenge(anonymous(), request())).toBe(false);
    });

    it("a recovery code works once only", async () => {
      const lawyer = await seedEnrolledAccount("lawyer");
      const code = lawyer.recoveryCodes[3]!;

      const first = await passwordStep(lawyer);
      const used = await verifySignInSecondFactor(
        anonymous(),
        { method: "recovery", recoveryCode: code },
        authRequest("/connexion/verification", { cookie: first.cookie }),
      );
      expect(used.ok).toBe(true);

      const second = await passwordStep(lawyer);
      const reused = await verifySignInSecondFactor(
        anonymous(),
        { method: "recovery", recoveryCode: code },
        authRequest("/connexion/verification", { cookie: second.cookie }),
      );
      expect(reused).toEqual({ ok: false, status: 401, fieldErrors: { recoveryCode: twoFactorMessages.wrongRecoveryCode } });
      // Another one still works.
      const other = await verifySignInSecondFactor(
        anonymous(),
        { method: "recovery", recoveryCode: lawyer.recoveryCodes[4]! },
        authRequest("/connexion/verification", { cookie: second.cookie }),
      );
      expect(other.ok).toBe(true);
    });

    it("without a challenge, or with a forged one, the person is sent back to the password", async () => {
      const lawyer = await seedEnrolledAccount("lawyer");
      const none = await verifySignInSecondFactor(anonymous(), { method: "app", code: "123456" }, authRequest("/connexion/verification"));
      expect(none).toEqual({ ok: false, status: 401, formError: twoFactorMessages.challengeExpired, restart: true });

      const { cookie } = await passwordStep(lawyer);
      const forged = cookie.replace(/(recours\.two_factor=[^.;]+)\.[^;]+/, "$1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA%3D");
      expect(forged).not.toBe(cookie);
      expect(await hasOpenSignInChallenge(anonymous(), authRequest("/connexion/verification", { cookie: forged }))).toBe(false);
      const refused = await verifySignInSecondFactor(
        anonymous(),
        { method: "app", code: await totpCode(lawyer.manualKey) },
        authRequest("/connexion/verification", { cookie: forged }),
      );
      expect(refused).toMatchObject({ ok: false, restart: true });
      expect(await sessionCount(lawyer.userId)).toBe(0);
    });

    it("after an admin resets the second factor, the next sign-in must enrol again", async () => {
      const lawyer = await seedEnrolledAccount("lawyer");
      // What the admin's reset does (built in the admin screen).
      await db().deleteFrom("twoFactor").where("userId", "=", lawyer.userId).execute();
      await db().updateTable("user").set({ twoFactorEnabled: false }).where("id", "=", lawyer.userId).execute();

      const { next, cookie } = await passwordStep(lawyer);
      expect(next).toBe("enrol-second-factor");
      const actor = await actorFor(cookie);
      expect(actor.secondFactor).toBe("not-enrolled");
      await expect(dashboardFor(actor)).rejects.toBeInstanceOf(ForbiddenError);
      await expect(secondFactorSettings(actor)).resolves.toEqual({ required: true, state: "off" });
    });
  });

  describe("a code from the app is accepted once (decision 64)", () => {
    const signInWith = async (account: { email: string; password: string }, code: string) => {
      const { cookie } = await passwordStep(account);
      return verifySignInSecondFactor(anonymous(), { method: "app", code }, authRequest("/connexion/verification", { cookie }));
    };

    it("at sign-in: the same code twice opens one session; the second is refused with the French message", async () => {
      const admin = await seedEnrolledAccount("admin");
      const code = await totpCode(admin.manualKey);
      expect((await signInWith(admin, code)).ok).toBe(true);
      expect(await sessionCount(admin.userId)).toBe(1);
      const replayed = await signInWith(admin, code);
      expect(replayed).toEqual({ ok: false, status: 401, fieldErrors: { code: twoFactorMessages.codeAlreadyUsed } });
      expect(await sessionCount(admin.userId)).toBe(1);
      // The next code of the app still works.
      expect((await signInWith(admin, await totpCode(admin.manualKey))).ok).toBe(true);
    });

    it("at sign-in: one code posted twice at the same moment opens one session only", async () => {
      const lawyer = await seedEnrolledAccount("lawyer");
      const code = await totpCode(lawyer.manualKey);
      const [first, second] = await Promise.all([passwordStep(lawyer), passwordStep(lawyer)]);
      const results = await Promise.all(
        [first, second].map(({ cookie }) =>
          verifySignInSecondFactor(anonymous(), { method: "app", code }, authRequest("/connexion/verification", { cookie })),
        ),
      );
      expect(results.filter((result) => result.ok)).toHaveLength(1);
      expect(await sessionCount(lawyer.userId)).toBe(1);
    });

    it("a code two steps (60 s) old is refused; the next step's code (a phone's clock a little ahead) is accepted", async () => {
      const admin = await seedEnrolledAccount("admin");
      const stale = await signInWith(admin, await totpCodeAt(admin.manualKey, -2));
      expect(stale).toMatchObject({ ok: false, status: 401 });
      expect(await sessionCount(admin.userId)).toBe(0);
      expect((await signInWith(admin, await totpCodeAt(admin.manualKey, 1))).ok).toBe(true);
    });

    it("the code that confirmed the enrolment does not then sign in", async () => {
      const user = await seedAccount("user");
      const { cookie } = await passwordStep(user);
      const actor = await actorFor(cookie);
      const request = () => authRequest("/compte/double-authentification", { cookie });
      expect((await changeSecondFactor(actor, { intent: "start", password: user.password }, request())).ok).toBe(true);
      const settings = await secondFactorSettings(actor);
      if (settings.state !== "setup") throw new Error(`état ${settings.state}`);
      const code = await totpCode(settings.manualKey);
      expect((await changeSecondFactor(actor, { intent: "confirm", code }, request())).ok).toBe(true);

      const replayed = await signInWith(user, code);
      expect(replayed).toEqual({ ok: false, status: 401, fieldErrors: { code: twoFactorMessages.codeAlreadyUsed } });
      expect(await sessionCount(user.userId)).toBe(1); // the enrolment's own session only
    });

    it("turning it off: the code that signed in is refused, and the second factor stays on", async () => {
      const user = await seedAccount("user");
      const { manualKey } = await enrolSecondFactor(user);
      const code = await totpCode(manualKey);
      const signedIn = await signInWith(user, code);
      if (!signedIn.ok) throw new Error(JSON.stringify(signedIn));
      const session = cookieHeaderFrom(signedIn.headers.getSetCookie());
      const refused = await changeSecondFactor(
        await actorFor(session),
        { intent: "disable", password: user.password, code },
        authRequest("/compte/double-authentification", { cookie: session }),
      );
      expect(refused).toEqual({ ok: false, status: 400, fieldErrors: { code: twoFactorMessages.codeAlreadyUsed } });
      expect((await db().selectFrom("user").select("twoFactorEnabled").where("id", "=", user.userId).executeTakeFirstOrThrow()).twoFactorEnabled).toBe(true);
      expect(await db().selectFrom("twoFactor").select("id").where("userId", "=", user.userId).execute()).toHaveLength(1);
    });
  });

  describe("a plain user", () => {
    it("needs no second factor, may opt in, is then asked for a code, and may turn it off with password and code", async () => {
      const user = await seedAccount("user");
      const plain = await passwordStep(user);
      const actor = await actorFor(plain.cookie);
      expect(actor.secondFactor).toBe("not-enrolled");
      await expect(dashboardFor(actor)).resolves.toMatchObject({ view: "user" });
      await expect(secondFactorSettings(actor)).resolves.toEqual({ required: false, state: "off" });

      const { manualKey, recoveryCodes } = await enrolSecondFactor(user);
      const { next, cookie } = await passwordStep(user);
      expect(next).toBe("second-factor");
      const verified = await verifySignInSecondFactor(
        anonymous(),
        { method: "app", code: await totpCode(manualKey) },
        authRequest("/connexion/verification", { cookie }),
      );
      if (!verified.ok) throw new Error("code refusé");
      const session = cookieHeaderFrom(verified.headers.getSetCookie());
      const signedIn = await actorFor(session);
      const request = () => authRequest("/compte/double-authentification", { cookie: session });

      // A wrong password spends no recovery code.
      const wrongPassword = await changeSecondFactor(
        signedIn,
        { intent: "disable", password: "pas le bon mot de passe", code: recoveryCodes[0]! },
        request(),
      );
      expect(wrongPassword).toEqual({ ok: false, status: 400, fieldErrors: { password: twoFactorMessages.wrongPassword } });
      const wrongCode = await changeSecondFactor(signedIn, { intent: "disable", password: user.password, code: "000000" }, request());
      expect(wrongCode).toEqual({ ok: false, status: 400, fieldErrors: { code: twoFactorMessages.wrongCode } });

      const off = await changeSecondFactor(signedIn, { intent: "disable", password: user.password, code: recoveryCodes[0]! }, request());
      if (!off.ok) throw new Error(JSON.stringify(off));
      expect((await passwordStep(user)).next).toBe("session");
      expect(await db().selectFrom("twoFactor").select("id").where("userId", "=", signedIn.userId).execute()).toEqual([]);
    });

    it("staff cannot turn their second factor off", async () => {
      const admin = await seedEnrolledAccount("admin");
      const { cookie } = await passwordStep(admin);
      const verified = await verifySignInSecondFactor(
        anonymous(),
        { method: "app", code: await totpCode(admin.manualKey) },
        authRequest("/connexion/verification", { cookie }),
      );
      if (!verified.ok) throw new Error("code refusé");
      const session = cookieHeaderFrom(verified.headers.getSetCookie());
      const refused = await changeSecondFactor(
        await actorFor(session),
        { intent: "disable", password: admin.password, code: await totpCode(admin.manualKey) },
        authRequest("/compte/double-authentification", { cookie: session }),
      );
      expect(refused).toEqual({ ok: false, status: 403, formError: twoFactorMessages.requiredForStaff });
      const row = await sql<{ enabled: boolean }>`SELECT "twoFactorEnabled" AS enabled FROM "user" WHERE id = ${admin.userId}`.execute(db());
      expect(row.rows[0]!.enabled).toBe(true);
    });
  });
});

describe.each(testEngines())("second-factor attempts are limited in the database, %s", (engine) => {
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ stop } = await startTestRuntime(engine, { LOGIN_ATTEMPTS_PER_ADDRESS: "1000", LOGIN_ATTEMPTS_PER_EMAIL: "3" }));
  });
  afterAll(() => stop());

  it("after the per-account limit of wrong codes, even the right code is refused with the French message", async () => {
    const lawyer = await seedEnrolledAccount("lawyer");
    const { cookie } = await passwordStep(lawyer);
    const request = () => authRequest("/connexion/verification", { cookie });
    for (let attempt = 1; attempt <= 3; attempt++) {
      const wrong = await verifySignInSecondFactor(anonymous(), { method: "app", code: "000000" }, request());
      expect(wrong, `essai ${attempt}`).toMatchObject({ ok: false, status: 401 });
    }
    const blocked = await verifySignInSecondFactor(anonymous(), { method: "app", code: await totpCode(lawyer.manualKey) }, request());
    expect(blocked).toEqual({ ok: false, status: 429, formError: twoFactorMessages.tooManyAttempts });
    expect(await sessionCount(lawyer.userId)).toBe(0);
    const counters = await db().selectFrom("auth_attempt_counters").select(["key", "attempts"]).where("key", "=", `second-factor:user:${lawyer.userId}`).execute();
    expect(counters).toEqual([{ key: `second-factor:user:${lawyer.userId}`, attempts: 4 }]);
  });
});
