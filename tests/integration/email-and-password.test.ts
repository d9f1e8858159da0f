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
  resolveActor,
  sendPasswordResetLink,
  signIn,
  signUp,
} from "~/modules/accounts/accounts.server";
import { messages, signUpSchema } from "~/modules/accounts/accounts.schema";
import type { AnonymousActor, UserActor } from "~/platform/actor";
import { NotFoundError } from "~/platform/actor";
import { db, runtime } from "~/platform/runtime.server";
import { cookieHeaderFrom, seedAccount, STRONG_PASSWORD } from "../support/accounts";
import { deliverQueuedEmails, latestLink, sentEmails } from "../support/mailbox";
import { startTestRuntime, testEngines } from "../support/test-database";

const anonymous: AnonymousActor = { kind: "anonymous", clientAddress: "203.0.113.7" };
const request = () => new Request("http://localhost/", { headers: { "x-recours-client-address": "203.0.113.7" } });

const tokenOf = (link: string) => new URL(link).searchParams.get("token")!;

function signUpInput(email: string) {
  return signUpSchema.parse({
    firstName: "Maëlle",
    lastName: "Confirme",
    email,
    password: STRONG_PASSWORD,
    phoneMobileCountry: "FR",
    phoneMobile: "612345678",
    country: "france",
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
    expect(await latestLink(email, "/verifier-email")).toMatch(/\/verifier-email\?token=/);
    // Someone who did not sign up is told what to do.
    expect(sentEmails.findLast((mail) => mail.to === email)?.text).toContain("ignorez ce message");

    const early = await signIn(anonymous, { email, password: STRONG_PASSWORD }, request());
    expect(early).toMatchObject({ ok: false, status: 403, formError: messages.emailNotConfirmed, resendConfirmation: true });
  });

  it("the confirmation link confirms the address and opens no session; the password is still needed", async () => {
    const email = "maelle@exemple.fr";
    const token = tokenOf(await latestLink(email, "/verifier-email"));
    const sessionsBefore = (await db().selectFrom("session").select("id").execute()).length;
    const confirmed = await confirmEmail(anonymous, token);
    expect(confirmed).toEqual({ ok: true, emailChanged: false, email });
    expect((await db().selectFrom("session").select("id").execute()).length).toBe(sessionsBefore);
    const user = await db().selectFrom("user").select("emailVerified").where("email", "=", email).executeTakeFirstOrThrow();
    expect(user.emailVerified).toBe(true);
    expect((await signIn(anonymous, { email, password: STRONG_PASSWORD }, request())).ok).toBe(true);

    const again = await confirmEmail(anonymous, token);
    expect(again).toMatchObject({ ok: true, emailChanged: false });
  });

  it("pre-registration attack: the owner's confirmation gives the attacker no session, and the owner takes the account back", async () => {
    const victim = "victime@exemple.fr";
    const attackerPassword = "mot de passe de l'attaquant 93";
    expect((await signUp(anonymous, { ...signUpInput(victim), password: attackerPassword }, request())).ok).toBe(true);
    // The owner opens the link they received: no session is created for anyone.
    const sessionsBefore = (await db().selectFrom("session").select("id").execute()).length;
    expect(await confirmEmail(anonymous, tokenOf(await latestLink(victim, "/verifier-email")))).toMatchObject({ ok: true });
    expect((await db().selectFrom("session").select("id").execute()).length).toBe(sessionsBefore);
    // Signing up again on the address answers like a new sign-up; the mailbox is told to sign in or reset.
    expect(await signUp(anonymous, signUpInput(victim), request())).toEqual({ ok: true, headers: new Headers(), confirmationSentTo: victim });
    await deliverQueuedEmails();
    expect(sentEmails.findLast((mail) => mail.to === victim)?.subject).toBe("Quelqu'un a voulu créer un compte Recours avec votre adresse");
    // The attacker may have signed in meanwhile; the owner's reset ends that session and the attacker's password.
    const attacker = await signIn(anonymous, { email: victim, password: attackerPassword }, request());
    expect(attacker.ok).toBe(true);
    await requestPasswordReset(anonymous, victim);
    expect(await resetPassword(anonymous, tokenOf(await latestLink(victim, "/reinitialiser-mot-de-passe")), "phrase du vrai titulaire 58")).toEqual({ ok: true });
    const userId = (await db().selectFrom("user").select("id").where("email", "=", victim).executeTakeFirstOrThrow()).id;
    expect(await db().selectFrom("session").select("id").where("userId", "=", userId).execute()).toEqual([]);
    expect(await signIn(anonymous, { email: victim, password: attackerPassword }, request())).toMatchObject({ ok: false, status: 401 });
  });

  it("sign-up on a registered address: the answer of a new address, no account made, the owner emailed (decision 64)", async () => {
    const sentBefore = sentEmails.length; // one list for every engine of this file
    const owner = await seedAccount("user", { email: "deja.inscrite@exemple.fr", firstName: "Inès" });
    const fresh = "toute.nouvelle@exemple.fr";
    const forFresh = await signUp(anonymous, signUpInput(fresh), request());
    const forOwner = await signUp(anonymous, { ...signUpInput(owner.email), password: "une autre phrase secrète 77" }, request());
    expect(forFresh).toEqual({ ok: true, headers: new Headers(), confirmationSentTo: fresh });
    expect(forOwner).toEqual({ ok: true, headers: new Headers(), confirmationSentTo: owner.email });

    expect(await db().selectFrom("user").select("id").where("email", "=", owner.email).execute()).toEqual([{ id: owner.userId }]);
    // The owner's password is unchanged: the new one opens nothing.
    expect(await signIn(anonymous, { email: owner.email, password: "une autre phrase secrète 77" }, request())).toMatchObject({ status: 401 });
    expect((await signIn(anonymous, { email: owner.email, password: owner.password }, request())).ok).toBe(true);

    await deliverQueuedEmails();
    const toOwner = sentEmails.slice(sentBefore).filter((mail) => mail.to === owner.email);
    expect(toOwner.map((mail) => mail.subject)).toEqual(["Quelqu'un a voulu créer un compte Recours avec votre adresse"]);
    expect(toOwner[0]!.text).toContain("Bonjour Inès");
    expect(toOwner[0]!.text).toContain("/connexion");
    expect(toOwner[0]!.text).toContain("/mot-de-passe-oublie");
    expect(toOwner[0]!.text).not.toMatch(/token=/);
  });

  it("a reset through the emailed link confirms an unconfirmed address", async () => {
    const email = "jamais.confirme@exemple.fr";
    await signUp(anonymous, signUpInput(email), request());
    await requestPasswordReset(anonymous, email);
    expect(await resetPassword(anonymous, tokenOf(await latestLink(email, "/reinitialiser-mot-de-passe")), "phrase du vrai titulaire 59")).toEqual({ ok: true });
    expect((await db().selectFrom("user").select("emailVerified").where("email", "=", email).executeTakeFirstOrThrow()).emailVerified).toBe(true);
    expect((await signIn(anonymous, { email, password: "phrase du vrai titulaire 59" }, request())).ok).toBe(true);
  });

  it("link-swap attack: a signed-in person opening someone else's confirmation link stays who they are", async () => {
    const owner = await seedAccount("user", { email: "titulaire@exemple.fr" });
    const signedIn = await signIn(anonymous, { email: owner.email, password: owner.password }, request());
    if (!signedIn.ok) throw new Error("connexion impossible");
    const ownerActor: UserActor = {
      kind: "user",
      userId: owner.userId,
      sessionId: "s",
      email: owner.email,
      role: "user",
      firstName: "T",
      lastName: "T",
      clientAddress: "203.0.113.7",
      secondFactor: "not-enrolled",
    };
    // The attacker's own pending account, and its unused link sent to the owner.
    const attackerEmail = "piege@exemple.fr";
    await signUp(anonymous, signUpInput(attackerEmail), request());
    const token = tokenOf(await latestLink(attackerEmail, "/verifier-email"));
    const sessionsBefore = (await db().selectFrom("session").select(["id", "userId"]).execute()).length;
    expect(await confirmEmail(ownerActor, token)).toEqual({ ok: false, reason: "other-account" });
    expect((await db().selectFrom("session").select("id").execute()).length).toBe(sessionsBefore);
    expect((await db().selectFrom("user").select("emailVerified").where("email", "=", attackerEmail).executeTakeFirstOrThrow()).emailVerified).toBe(false);
  });

  it("expired and tampered confirmation links give a reason, never an exception", async () => {
    const expired = await createEmailVerificationToken(runtime().authSecret, "maelle@exemple.fr", undefined, -10);
    expect(await confirmEmail(anonymous, expired)).toEqual({ ok: false, reason: "expired" });
    const tampered = `${tokenOf(await latestLink("maelle@exemple.fr", "/verifier-email")).slice(0, -3)}abc`;
    expect(await confirmEmail(anonymous, tampered)).toEqual({ ok: false, reason: "invalid" });
    expect(await confirmEmail(anonymous, "n-importe-quoi")).toEqual({ ok: false, reason: "invalid" });
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
    const token = tokenOf(await latestLink(email, "/reinitialiser-mot-de-passe"));
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
    const token = tokenOf(await latestLink(email, "/reinitialiser-mot-de-passe"));
    await db().updateTable("verification").set({ expiresAt: new Date(Date.now() - 1000) }).execute();
    expect(await resetPassword(anonymous, token, "Nouvelle-Phrase-Tres-Longue-43")).toMatchObject({
      ok: false,
      formError: messages.resetLinkInvalid,
    });
  });

  it("change of email: current password required, link to the new address, confirmed by the signed-in owner only (decision 64)", async () => {
    const { email, userId, password } = await seedAccount("user", { email: "ancienne@exemple.fr", firstName: "Paul" });
    const signedIn = async () => {
      const result = await signIn(anonymous, { email, password }, request());
      if (!result.ok) throw new Error("connexion impossible");
      const cookie = cookieHeaderFrom(result.headers.getSetCookie());
      const actor = await resolveActor(new Request("http://localhost/verifier-email", { headers: { cookie, "x-recours-client-address": "203.0.113.8" } }));
      if (actor.kind !== "user") throw new Error("pas de session");
      return { cookie, actor };
    };
    const here = await signedIn();
    const elsewhere = await signedIn();
    const actor = here.actor;
    expect(await requestEmailChange(actor, "nouvelle@exemple.fr", "pas-le-bon")).toMatchObject({
      ok: false,
      fieldErrors: { currentPassword: messages.currentPasswordWrong },
    });
    expect(await requestEmailChange(actor, "nouvelle@exemple.fr", STRONG_PASSWORD)).toEqual({ ok: true });
    // Nothing changes until the link is opened.
    expect((await db().selectFrom("profiles").select("email").where("id", "=", userId).executeTakeFirstOrThrow()).email).toBe(email);
    const token = tokenOf(await latestLink("nouvelle@exemple.fr", "/verifier-email"));
    const emailsOf = async () => ({
      user: (await db().selectFrom("user").select("email").where("id", "=", userId).executeTakeFirstOrThrow()).email,
      profile: (await db().selectFrom("profiles").select("email").where("id", "=", userId).executeTakeFirstOrThrow()).email,
    });

    // Opened by a signed-out browser (whoever reads the new mailbox, a link scanner): refused, nothing changed.
    expect(await confirmEmail(anonymous, token)).toEqual({ ok: false, reason: "sign-in-required" });
    expect(await emailsOf()).toEqual({ user: email, profile: email });

    // The owner, signed in, opens it: the account moves, the old address is told, the other sessions end.
    const withCookie = new Request("http://localhost/verifier-email", { headers: { cookie: here.cookie, "x-recours-client-address": "203.0.113.8" } });
    expect(await confirmEmail(actor, token)).toMatchObject({ ok: true, emailChanged: true, email: "nouvelle@exemple.fr" });
    expect(await emailsOf()).toEqual({ user: "nouvelle@exemple.fr", profile: "nouvelle@exemple.fr" });
    expect(await resolveActor(withCookie)).toMatchObject({ kind: "user", userId, email: "nouvelle@exemple.fr" });
    expect(await resolveActor(new Request("http://localhost/", { headers: { cookie: elsewhere.cookie } }))).toMatchObject({ kind: "anonymous" });
    expect(await db().selectFrom("session").select("id").where("userId", "=", userId).execute()).toEqual([{ id: actor.sessionId }]);

    await deliverQueuedEmails();
    const notice = sentEmails.findLast((mail) => mail.to === email);
    expect(notice?.subject).toBe("L'adresse email de votre compte Recours a changé");
    expect(notice?.text).toContain("Bonjour Paul");
    expect(notice?.text).toContain("/mot-de-passe-oublie");
    expect(notice?.text).not.toMatch(/token=/);

    // The link is spent.
    expect(await confirmEmail(actor, token)).toMatchObject({ ok: false });
    expect(await emailsOf()).toEqual({ user: "nouvelle@exemple.fr", profile: "nouvelle@exemple.fr" });
  });

  it("change of email to an address that has an account: the same answer, no link, that address's owner told (decision 64)", async () => {
    const sentBefore = sentEmails.length;
    const { email, userId } = await seedAccount("user", { email: "demandeur@exemple.fr", firstName: "Luc" });
    const taken = await seedAccount("user", { email: "prise@exemple.fr", firstName: "Zoé" });
    const actor: UserActor = {
      kind: "user",
      userId,
      sessionId: "s",
      email,
      role: "user",
      firstName: "Luc",
      lastName: "Durand",
      clientAddress: "203.0.113.9",
      secondFactor: "not-enrolled",
    };
    expect(await requestEmailChange(actor, taken.email, STRONG_PASSWORD)).toEqual({ ok: true });
    await deliverQueuedEmails();
    const toTaken = sentEmails.slice(sentBefore).filter((mail) => mail.to === taken.email);
    expect(toTaken.map((mail) => mail.subject)).toEqual(["Votre adresse email et Recours"]);
    expect(toTaken[0]!.text).not.toMatch(/token=/);
    expect((await db().selectFrom("user").select("email").where("id", "=", userId).executeTakeFirstOrThrow()).email).toBe(email);
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
    expect(await latestLink(lawyer.email, "/reinitialiser-mot-de-passe")).toMatch(/reinitialiser-mot-de-passe\?token=/);

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

  it("an admin's action on another admin's account is journaled (who, what, when, address) and emailed to that admin", async () => {
    const chief = await seedAccount("admin", { firstName: "Chloé", lastName: "Cheffe" });
    const colleague = await seedAccount("admin", { firstName: "Paul", lastName: "Collègue" });
    const client = await seedAccount("user");
    const actor: UserActor = {
      kind: "user",
      userId: chief.userId,
      sessionId: "s",
      email: chief.email,
      role: "admin",
      firstName: "Chloé",
      lastName: "Cheffe",
      clientAddress: "203.0.113.99",
      secondFactor: "verified",
    };
    await db().insertInto("twoFactor").values({ id: `tf-${colleague.userId}`, secret: "s", backupCodes: "b", userId: colleague.userId }).execute();
    await db().updateTable("user").set({ twoFactorEnabled: true }).where("id", "=", colleague.userId).execute();
    const before = new Date(Date.now() - 1000);

    await sendPasswordResetLink(actor, colleague.userId);
    await endAllSessionsOf(actor, colleague.userId);
    await resetSecondFactor(actor, colleague.userId);
    await endAllSessionsOf(actor, client.userId);

    const journal = await db()
      .selectFrom("account_security_actions")
      .selectAll()
      .where("actor_id", "=", chief.userId)
      .orderBy("id")
      .execute();
    expect(journal.map((row) => [row.target_id, row.action, row.client_address])).toEqual([
      [colleague.userId, "reset-link-sent", "203.0.113.99"],
      [colleague.userId, "sessions-ended", "203.0.113.99"],
      [colleague.userId, "second-factor-reset", "203.0.113.99"],
      [client.userId, "sessions-ended", "203.0.113.99"],
    ]);
    expect(new Date(journal[0]!.created_at).getTime()).toBeGreaterThan(before.getTime());

    await deliverQueuedEmails();
    const notices = sentEmails.filter((mail) => mail.subject === "Une action a été effectuée sur votre compte" && mail.to === colleague.email);
    expect(notices.length).toBe(3);
    expect(notices[2]!.text).toContain("Chloé Cheffe");
    expect(notices[2]!.text).toContain("votre double authentification a été réinitialisée");
    // A client is told nothing more than the action itself says (their own reset email, for instance).
    expect(sentEmails.some((mail) => mail.to === client.email && mail.subject === "Une action a été effectuée sur votre compte")).toBe(false);

    // Append-only.
    await expect(db().updateTable("account_security_actions").set({ action: "sessions-ended" }).where("id", "=", journal[0]!.id).execute()).rejects.toThrow();
    await expect(db().deleteFrom("account_security_actions").where("id", "=", journal[0]!.id).execute()).rejects.toThrow();
  });
});
