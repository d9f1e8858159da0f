import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEmailVerificationToken } from "better-auth/api";
import {
  confirmEmail,
  endAllSessionsOf,
  requestEmailChange,
  requestPasswordReset,
  resendConfirmation,
  resetPassword,
  resetSecondFactor,
  sendPasswordResetLink,
  signIn,
  signUp,
} from "~/modules/accounts/accounts.server";
import { messages, signUpSchema } from "~/modules/accounts/accounts.schema";
import type { AnonymousActor, UserActor } from "~/platform/actor";
import { NotFoundError } from "~/platform/actor";
import { db, runtime } from "~/platform/runtime.server";
import { seedAccount, STRONG_PASSWORD } from "../support/accounts";
import { startTestRuntime, testEngines } from "../support/test-database";

const anonymous: AnonymousActor = { kind: "anonymous", clientAddress: "203.0.113.7" };
const request = () => new Request("http://localhost/", { headers: { "x-recours-client-address": "203.0.113.7" } });

/** The link of the newest queued email to an address (taken before the worker masks it). */
async function latestLink(to: string, template: string): Promise<string> {
  const jobs = await db().selectFrom("jobs").select(["payload"]).where("kind", "=", "email").orderBy("id", "desc").execute();
  const job = jobs
    .map((row) => row.payload as { to: string; template: string; variables: Record<string, string> })
    .find((payload) => payload.to === to && payload.template === template);
  if (!job) throw new Error(`aucun email ${template} pour ${to}`);
  return job.variables.lien!;
}

const tokenOf = (link: string) => new URL(link).searchParams.get("token")!;

function signUpInput(email: string) {
  return signUpSchema.parse({
    prenom: "Maëlle",
    nom: "Confirme",
    email,
    motDePasse: STRONG_PASSWORD,
    telephonePays: "FR",
    telephoneMobile: "612345678",
    pays: "france",
  });
}

describe.each(testEngines())("email confirmation, password reset and account security on %s", (engine) => {
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ stop } = await startTestRuntime(engine, { LOGIN_ATTEMPTS_PER_ADDRESS: "1000", SIGNUP_ATTEMPTS_PER_ADDRESS: "1000" }));
  });
  afterAll(() => stop());

  it("sign-up opens no session and queues the confirmation; sign-in before confirming is refused with §8's message", async () => {
    const email = "maelle@exemple.fr";
    const result = await signUp(anonymous, signUpInput(email), request());
    expect(result).toMatchObject({ ok: true, confirmationSentTo: email });
    if (!result.ok) return;
    expect(result.headers.getSetCookie()).toEqual([]);
    expect(await latestLink(email, "confirmation-email")).toMatch(/\/verifier-email\?token=/);

    const early = await signIn(anonymous, { email, password: STRONG_PASSWORD }, request());
    expect(early).toMatchObject({ ok: false, status: 403, formError: messages.emailNotConfirmed, resendConfirmation: true });
  });

  it("the confirmation link confirms and signs in; opening it again signs in nobody", async () => {
    const email = "maelle@exemple.fr";
    const token = tokenOf(await latestLink(email, "confirmation-email"));
    const confirmed = await confirmEmail(anonymous, token, request());
    expect(confirmed).toMatchObject({ ok: true, signedIn: true, emailChanged: false });
    const user = await db().selectFrom("user").select("emailVerified").where("email", "=", email).executeTakeFirstOrThrow();
    expect(user.emailVerified).toBe(true);
    expect((await signIn(anonymous, { email, password: STRONG_PASSWORD }, request())).ok).toBe(true);

    const again = await confirmEmail(anonymous, token, request());
    expect(again).toMatchObject({ ok: true, signedIn: false });
  });

  it("expired and tampered confirmation links give a reason, never an exception", async () => {
    const expired = await createEmailVerificationToken(runtime().authSecret, "maelle@exemple.fr", undefined, -10);
    expect(await confirmEmail(anonymous, expired, request())).toEqual({ ok: false, reason: "expired" });
    const tampered = `${tokenOf(await latestLink("maelle@exemple.fr", "confirmation-email")).slice(0, -3)}abc`;
    expect(await confirmEmail(anonymous, tampered, request())).toEqual({ ok: false, reason: "invalid" });
    expect(await confirmEmail(anonymous, "n-importe-quoi", request())).toEqual({ ok: false, reason: "invalid" });
  });

  it("a new confirmation link: the same answer for every address, a job only for an unconfirmed account, rate-limited", async () => {
    await signUp(anonymous, signUpInput("attente@exemple.fr"), request());
    const before = await db().selectFrom("jobs").select("id").execute();
    const unknown = await resendConfirmation(anonymous, "personne@exemple.fr");
    const known = await resendConfirmation(anonymous, "attente@exemple.fr");
    expect(unknown).toEqual({ ok: true, message: messages.confirmationSent });
    expect(known).toEqual(unknown);
    const after = await db().selectFrom("jobs").select("id").execute();
    expect(after.length - before.length).toBe(1);
    await resendConfirmation(anonymous, "attente@exemple.fr");
    await resendConfirmation(anonymous, "attente@exemple.fr");
    expect(await resendConfirmation(anonymous, "attente@exemple.fr")).toMatchObject({ ok: false, status: 429 });
  });

  it("password reset: neutral answer, one-hour single-use link, password rules, every session ended", async () => {
    const { email, userId } = await seedAccount("user", { email: "oubli@exemple.fr" });
    const session = await signIn(anonymous, { email, password: STRONG_PASSWORD }, request());
    expect(session.ok).toBe(true);

    const jobsBefore = (await db().selectFrom("jobs").select("id").execute()).length;
    expect(await requestPasswordReset(anonymous, "inconnu@exemple.fr")).toEqual({ ok: true, message: messages.resetRequested });
    expect((await db().selectFrom("jobs").select("id").execute()).length).toBe(jobsBefore);
    expect(await requestPasswordReset(anonymous, email)).toEqual({ ok: true, message: messages.resetRequested });
    const token = tokenOf(await latestLink(email, "reinitialisation-mot-de-passe"));
    // Only a hash of the token is stored.
    const stored = await db().selectFrom("verification").select("identifier").execute();
    expect(stored.some((row) => row.identifier.includes(token))).toBe(false);

    expect(await resetPassword(anonymous, token, "motdepasse123")).toMatchObject({ ok: false, status: 400 });
    const newPassword = "Nouvelle-Phrase-Tres-Longue-42";
    expect(await resetPassword(anonymous, token, newPassword)).toEqual({ ok: true });
    expect(await db().selectFrom("session").select("id").where("userId", "=", userId).execute()).toEqual([]);
    expect((await signIn(anonymous, { email, password: STRONG_PASSWORD }, request())).ok).toBe(false);
    expect((await signIn(anonymous, { email, password: newPassword }, request())).ok).toBe(true);

    expect(await resetPassword(anonymous, token, "Encore-Une-Autre-Phrase-77")).toMatchObject({
      ok: false,
      formError: messages.resetLinkInvalid,
    });
    expect(await resetPassword(anonymous, "jeton-invente-0123456789", newPassword)).toMatchObject({ ok: false, status: 400 });
  });

  it("an expired reset link is refused", async () => {
    const { email } = await seedAccount("user", { email: "expire@exemple.fr" });
    await requestPasswordReset(anonymous, email);
    const token = tokenOf(await latestLink(email, "reinitialisation-mot-de-passe"));
    await db().updateTable("verification").set({ expiresAt: new Date(Date.now() - 1000) }).execute();
    expect(await resetPassword(anonymous, token, "Nouvelle-Phrase-Tres-Longue-43")).toMatchObject({
      ok: false,
      formError: messages.resetLinkInvalid,
    });
  });

  it("change of email: current password required, link to the new address, profile and account follow", async () => {
    const { email, userId } = await seedAccount("user", { email: "ancienne@exemple.fr", firstName: "Paul" });
    const actor: UserActor = {
      kind: "user",
      userId,
      sessionId: "s",
      email,
      role: "user",
      firstName: "Paul",
      lastName: "Durand",
      clientAddress: "203.0.113.8",
      secondFactor: "not-enrolled",
    };
    expect(await requestEmailChange(actor, "nouvelle@exemple.fr", "pas-le-bon")).toMatchObject({
      ok: false,
      fieldErrors: { motDePasseActuel: messages.currentPasswordWrong },
    });
    expect(await requestEmailChange(actor, "maelle@exemple.fr", STRONG_PASSWORD)).toMatchObject({
      ok: false,
      fieldErrors: { nouvelEmail: messages.emailTaken },
    });
    expect(await requestEmailChange(actor, "nouvelle@exemple.fr", STRONG_PASSWORD)).toEqual({ ok: true });
    // Nothing changes until the link is opened.
    expect((await db().selectFrom("profiles").select("email").where("id", "=", userId).executeTakeFirstOrThrow()).email).toBe(email);
    const token = tokenOf(await latestLink("nouvelle@exemple.fr", "confirmation-nouvelle-adresse"));
    expect(await confirmEmail(anonymous, token, request())).toMatchObject({ ok: true, emailChanged: true });
    expect((await db().selectFrom("profiles").select("email").where("id", "=", userId).executeTakeFirstOrThrow()).email).toBe(
      "nouvelle@exemple.fr",
    );
    expect((await db().selectFrom("user").select("email").where("id", "=", userId).executeTakeFirstOrThrow()).email).toBe(
      "nouvelle@exemple.fr",
    );
  });

  it("admin actions: reset link, end all sessions, reset a staff second factor; non-admins and unknown ids refused", async () => {
    const admin = await seedAccount("admin", { email: "chef@exemple.fr" });
    const lawyer = await seedAccount("lawyer", { email: "avocate@exemple.fr" });
    const adminActor: UserActor = {
      kind: "user",
      userId: admin.userId,
      sessionId: "s",
      email: admin.email,
      role: "admin",
      firstName: "A",
      lastName: "B",
      clientAddress: "x",
      secondFactor: "verified",
    };
    const lawyerActor: UserActor = { ...adminActor, userId: lawyer.userId, email: lawyer.email, role: "lawyer" };

    await sendPasswordResetLink(adminActor, lawyer.userId);
    expect(await latestLink(lawyer.email, "reinitialisation-mot-de-passe")).toMatch(/reinitialiser-mot-de-passe\?token=/);

    await signIn(anonymous, { email: lawyer.email, password: STRONG_PASSWORD }, request());
    await signIn(anonymous, { email: lawyer.email, password: STRONG_PASSWORD }, request());
    expect(await endAllSessionsOf(adminActor, lawyer.userId)).toBe(2);
    expect(await db().selectFrom("session").select("id").where("userId", "=", lawyer.userId).execute()).toEqual([]);

    await db().insertInto("twoFactor").values({ id: "tf-1", secret: "s", backupCodes: "b", userId: lawyer.userId }).execute();
    await db().updateTable("user").set({ twoFactorEnabled: true }).where("id", "=", lawyer.userId).execute();
    await resetSecondFactor(adminActor, lawyer.userId);
    expect(await db().selectFrom("twoFactor").select("id").where("userId", "=", lawyer.userId).execute()).toEqual([]);
    const after = await db().selectFrom("user").select("twoFactorEnabled").where("id", "=", lawyer.userId).executeTakeFirstOrThrow();
    expect(after.twoFactorEnabled).toBe(false);

    await expect(endAllSessionsOf(lawyerActor, admin.userId)).rejects.toThrow();
    await expect(sendPasswordResetLink(adminActor, "inconnu")).rejects.toBeInstanceOf(NotFoundError);
    await expect(resetSecondFactor(adminActor, admin.userId)).rejects.toBeInstanceOf(NotFoundError);
  });
});
