import { createHash, randomBytes, randomUUID } from "node:crypto";
import { APIError, createEmailVerificationToken } from "better-auth/api";
import { verifyJWT } from "better-auth/crypto";
import { z } from "zod";
import { operatorIdentity } from "~/content/operator.server";
import { DATABASE_UNAVAILABLE_TEXT, isDatabaseUnavailable, isUniqueViolation } from "~/platform/database-errors";
import { enqueueEmail, type PersonalLinkBuilder } from "~/modules/notifications/notifications.server";
import { jobsEnqueued } from "~/modules/jobs/jobs.server";
import type { AnonymousActor, Actor, UserActor } from "~/platform/actor";
import { assertRole, assertUser, NotFoundError, normaliseRole } from "~/platform/actor";
import { recordStaffAction } from "~/modules/audit/audit.server";
import type { AccountSecurityAction, Executor } from "~/platform/database-schema";
import { logger } from "~/platform/logger.server";
import { db, runtime } from "~/platform/runtime.server";
import { messages, type SignInInput, type SignUpInput } from "./accounts.schema";
import { clearAttempts, clearAttemptsStartingWith, consumeAttempt, readAttempts, slowdownSeconds } from "~/platform/attempt-limiter.server";
import { clientKey } from "./client-key";
import { assertPasswordHashingAvailable, HashingBusyError, withPasswordHashing } from "./password-hashing.server";
import { auth, CLIENT_ADDRESS_HEADER } from "./auth-instance.server";
import { isGuessablePassword } from "./password-policy.server";

export function clientAddressOf(request: Request): string {
  return request.headers.get(CLIENT_ADDRESS_HEADER) ?? "unknown";
}

export function anonymousActor(request: Request): AnonymousActor {
  return { kind: "anonymous", clientAddress: clientAddressOf(request) };
}

/** The signed-in person behind a request, or an anonymous actor. */
export async function resolveActor(request: Request): Promise<Actor> {
  const clientAddress = clientAddressOf(request);
  if (!request.headers.get("cookie")) return { kind: "anonymous", clientAddress };
  const session = await auth().api.getSession({ headers: request.headers });
  if (!session) return { kind: "anonymous", clientAddress };
  const profile = await db()
    .selectFrom("profiles")
    .innerJoin("user", "user.id", "profiles.id")
    .select(["profiles.role", "profiles.first_name", "profiles.last_name", "profiles.email", "user.twoFactorEnabled"])
    .where("profiles.id", "=", session.user.id)
    .executeTakeFirst();
  if (!profile) return { kind: "anonymous", clientAddress };
  return {
    kind: "user",
    userId: session.user.id,
    sessionId: session.session.id,
    email: profile.email,
    role: normaliseRole(profile.role),
    firstName: profile.first_name,
    lastName: profile.last_name,
    clientAddress,
    // better-auth creates no session for an account with a second factor until it is passed (see signIn).
    secondFactor: profile.twoFactorEnabled ? "verified" : "not-enrolled",
  };
}

export type AccountResult =
  | { ok: true; headers: Headers; confirmationSentTo?: string }
  | {
      ok: false;
      status: number;
      formError?: string;
      fieldErrors?: Record<string, string>;
      resendConfirmation?: true;
      retryAfterSeconds?: number;
    };

/** After the password: either a session, or (account with a second factor) a pending challenge and no session. */
export type SignInResult =
  | { ok: true; headers: Headers; next: "session" | "second-factor" }
  | {
      ok: false;
      status: number;
      formError?: string;
      fieldErrors?: Record<string, string>;
      resendConfirmation?: true;
      /** With 503: the password check is saturated, try again after this many seconds. */
      retryAfterSeconds?: number;
    };

/** Only the Set-Cookie lines of better-auth's response headers. */
export function sessionCookies(source: Headers): Headers {
  const headers = new Headers();
  for (const cookie of source.getSetCookie()) headers.append("set-cookie", cookie);
  return headers;
}

/** Counter keys of sign-in (decision 18). */
const signInKeys = {
  /** Every attempt from one client (IPv6: its /64), whatever the email. */
  address: (client: string) => `sign-in:address:${client}`,
  /** Attempts on one email from one client: the hard limit. */
  pair: (email: string, client: string) => `sign-in:pair:${email}|${client}`,
  pairsOf: (email: string) => `sign-in:pair:${email}|`,
  /** Failures on one email from every client: a growing delay, never a block for a client that has not failed. */
  failures: (email: string) => `sign-in:failures:${email}`,
};

/**
 * Checks the password, with limits that stop guessing without locking the owner out (decision 18):
 * - one client (IPv6 by /64) has LOGIN_ATTEMPTS_PER_ADDRESS attempts per window, every email together;
 * - one client has LOGIN_ATTEMPTS_PER_EMAIL attempts per window on one email (a success starts it again);
 * - once an email has LOGIN_ATTEMPTS_PER_EMAIL failures from anywhere, a client that has already failed on it waits
 *   a delay that doubles with each further failure. A client that has not failed on it is never held back, so
 *   failures from elsewhere never stop the owner's right password.
 */
export async function signIn(actor: AnonymousActor, input: SignInInput, request: Request): Promise<SignInResult> {
  const { env } = runtime();
  // A full password-check queue answers at once, before any database work.
  const busy = hashingBusy();
  if (busy) return busy;
  const client = clientKey(actor.clientAddress);
  const pairKey = signInKeys.pair(input.email, client);
  const { allowed } = await consumeAttempt(
    db(),
    [
      { key: signInKeys.address(client), limit: env.LOGIN_ATTEMPTS_PER_ADDRESS },
      { key: pairKey, limit: env.LOGIN_ATTEMPTS_PER_EMAIL },
    ],
    env.RATE_LIMIT_WINDOW_SECONDS,
  );
  if (!allowed) {
    logger.warn({ clientAddress: actor.clientAddress }, "connexion refusée : trop de tentatives");
    return { ok: false, status: 429, formError: messages.tooManyLoginAttempts };
  }
  if (await mustSlowDown(input.email, pairKey)) {
    logger.warn({ clientAddress: actor.clientAddress }, "connexion ralentie : échecs répétés sur ce compte");
    return { ok: false, status: 429, formError: messages.tooManyLoginAttempts };
  }

  // No early answer for an unknown email (decision 64): better-auth hashes the password all the same and answers
  // INVALID_EMAIL_OR_PASSWORD, so the message, the status, the failure count and the time are those of a wrong password.
  try {
    const { headers, response } = await withPasswordHashing(() =>
      auth().api.signInEmail({
        body: { email: input.email, password: input.password, rememberMe: true },
        headers: request.headers,
        returnHeaders: true,
      }),
    );
    await clearAttempts(db(), pairKey);
    // The two-factor plugin has replaced the session with a short-lived challenge cookie.
    const secondFactor = "twoFactorRedirect" in response && response.twoFactorRedirect === true;
    return { ok: true, headers: sessionCookies(headers), next: secondFactor ? "second-factor" : "session" };
  } catch (error) {
    if (error instanceof HashingBusyError) return busyResult(error);
    const failure = authFailure(error);
    if (failure.status === 401) {
      await consumeAttempt(db(), [{ key: signInKeys.failures(input.email), limit: Number.MAX_SAFE_INTEGER }], env.RATE_LIMIT_WINDOW_SECONDS);
    }
    return { ok: false, ...failure };
  }
}

export interface BusyResult {
  ok: false;
  status: 503;
  formError: string;
  retryAfterSeconds: number;
}

function busyResult(error: HashingBusyError): BusyResult {
  return { ok: false, status: 503, formError: error.message, retryAfterSeconds: error.retryAfterSeconds };
}

function hashingBusy(): BusyResult | null {
  try {
    assertPasswordHashingAvailable();
    return null;
  } catch (error) {
    if (error instanceof HashingBusyError) return busyResult(error);
    throw error;
  }
}

/** True while a client that has already failed on this email must wait (see signIn). */
async function mustSlowDown(email: string, pairKey: string): Promise<boolean> {
  const { env } = runtime();
  const window = env.RATE_LIMIT_WINDOW_SECONDS;
  const pair = await readAttempts(db(), pairKey, window);
  // This attempt is already counted: more than one means this client has failed before.
  if (!pair || pair.attempts <= 1) return false;
  const failures = await readAttempts(db(), signInKeys.failures(email), window);
  if (!failures) return false;
  const delay = slowdownSeconds(failures.attempts, env.LOGIN_ATTEMPTS_PER_EMAIL, window);
  return delay > 0 && failures.lastAttemptAt.getTime() + delay * 1000 > Date.now();
}

/** After a password reset: the owner starts again with no count on their email. */
async function clearSignInCounts(email: string): Promise<void> {
  await clearAttemptsStartingWith(db(), signInKeys.pairsOf(email));
  await clearAttempts(db(), signInKeys.failures(email));
}

function authFailure(error: unknown): { status: number; formError: string; resendConfirmation?: true } {
  if (error instanceof APIError) {
    const code = (error.body as { code?: string } | undefined)?.code;
    if (code === "INVALID_EMAIL_OR_PASSWORD" || error.statusCode === 401) {
      return { status: 401, formError: messages.invalidCredentials };
    }
    if (code === "EMAIL_NOT_VERIFIED") {
      return { status: 403, formError: messages.emailNotConfirmed, resendConfirmation: true as const };
    }
    if (error.statusCode === 429) return { status: 429, formError: messages.tooManyLoginAttempts };
  }
  // better-auth answers its own internal failures (a database connection cut mid-query, in practice) with a bare
  // 500 that no longer carries the cause: the person is told to retry, with a 503 (decision 0053).
  if (isDatabaseUnavailable(error) || (error instanceof APIError && error.statusCode >= 500)) {
    logger.error({ err: error }, "connexion impossible : base de données injoignable");
    return { status: 503, formError: DATABASE_UNAVAILABLE_TEXT };
  }
  logger.error({ err: error }, "échec inattendu de la connexion");
  return { status: 500, formError: messages.unexpected };
}

export async function signUp(actor: AnonymousActor, input: SignUpInput, request: Request): Promise<AccountResult> {
  const { env } = runtime();
  const { allowed } = await consumeAttempt(
    db(),
    [
      { key: `sign-up:address:${clientKey(actor.clientAddress)}`, limit: env.SIGNUP_ATTEMPTS_PER_ADDRESS },
      { key: `sign-up:email:${input.email}`, limit: env.LOGIN_ATTEMPTS_PER_EMAIL },
    ],
    env.RATE_LIMIT_WINDOW_SECONDS,
  );
  if (!allowed) return { ok: false, status: 429, formError: messages.tooManySignUpAttempts };

  if (isGuessablePassword(input.password, [input.firstName, input.lastName, input.email])) {
    return { ok: false, status: 400, fieldErrors: { motDePasse: messages.passwordTooCommon } };
  }

  const busy = hashingBusy();
  if (busy) return busy;
  let created: Awaited<ReturnType<typeof createAccount>>;
  try {
    created = await createAccount({ ...input, role: "user", emailVerified: !env.EMAIL_VERIFICATION });
  } catch (error) {
    if (error instanceof HashingBusyError) return busyResult(error);
    throw error;
  }
  if (!created.ok) {
    // The address has an account, confirmed or not (decision 64): the answer is a new sign-up's, the password hash
    // above was made all the same, and the mailbox's owner is told to sign in or reset (which also confirms it,
    // decision 16). The account keeps its password.
    await tellOwnerOfAddress(input.email, "tentative-inscription");
    logger.info({ clientAddress: actor.clientAddress }, "inscription demandée sur une adresse déjà inscrite : titulaire prévenu");
    return { ok: true, headers: new Headers(), confirmationSentTo: input.email };
  }
  if (env.EMAIL_VERIFICATION) {
    logger.info({ userId: created.userId }, "compte créé, en attente de confirmation de l'email");
    return { ok: true, headers: new Headers(), confirmationSentTo: input.email };
  }

  const signedIn = await signIn(actor, { email: input.email, password: input.password }, request);
  if (!signedIn.ok) {
    return { ok: false, status: signedIn.status, formError: signedIn.formError ?? messages.signUpUnexpected };
  }
  logger.info({ userId: created.userId }, "compte créé");
  return { ok: true, headers: signedIn.headers };
}

export interface NewAccount {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  phoneMobile: string | null;
  country: SignUpInput["country"];
  role: UserActor["role"];
  emailVerified: boolean;
}

/**
 * Creates the auth user, its credential and its profile in one transaction, with the confirmation email when the
 * address is not yet verified. The password leaves this function only as better-auth's hash.
 */
export async function createAccount(account: NewAccount): Promise<{ ok: true; userId: string } | { ok: false }> {
  const context = await auth().$context;
  const passwordHash = await withPasswordHashing(() => context.password.hash(account.password));
  const userId = randomUUID();
  const now = new Date();
  try {
    await db()
      .transaction()
      .execute(async (trx) => {
        await trx
          .insertInto("user")
          .values({
            id: userId,
            name: `${account.firstName} ${account.lastName}`,
            email: account.email,
            emailVerified: account.emailVerified,
            image: null,
            createdAt: now,
            updatedAt: now,
            twoFactorEnabled: false,
          })
          .execute();
        await trx
          .insertInto("account")
          .values({
            id: randomUUID(),
            accountId: userId,
            providerId: "credential",
            userId,
            password: passwordHash,
            accessToken: null,
            refreshToken: null,
            idToken: null,
            accessTokenExpiresAt: null,
            refreshTokenExpiresAt: null,
            scope: null,
            createdAt: now,
            updatedAt: now,
          })
          .execute();
        await trx
          .insertInto("profiles")
          .values({
            id: userId,
            email: account.email,
            first_name: account.firstName,
            last_name: account.lastName,
            phone_mobile: account.phoneMobile,
            country: account.country,
            role: account.role,
          })
          .execute();
        if (!account.emailVerified) {
          await enqueueConfirmationEmail(trx, { id: userId, email: account.email, firstName: account.firstName });
        }
      });
    if (!account.emailVerified) jobsEnqueued();
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false };
    throw error;
  }
  return { ok: true, userId };
}

export async function signOut(actor: Actor, request: Request): Promise<Headers> {
  if (actor.kind !== "user") return new Headers();
  try {
    const { headers } = await auth().api.signOut({ headers: request.headers, returnHeaders: true });
    return sessionCookies(headers);
  } catch (error) {
    // The session may already be gone; delete it by id all the same and clear the cookie.
    logger.warn({ err: error }, "déconnexion : session déjà terminée");
    await db().deleteFrom("session").where("id", "=", actor.sessionId).execute();
    return new Headers();
  }
}

const CONFIRMATION_LINK_SECONDS = 24 * 60 * 60;
const RESET_LINK_SECONDS = 60 * 60;

function publicLink(path: string, token: string): string {
  return `${siteLink(path)}?token=${encodeURIComponent(token)}`;
}

function siteLink(path: string): string {
  return `${runtime().env.PUBLIC_URL}${path}`;
}

/**
 * Tells the owner of a registered address that someone tried to use it (decision 64) — a sign-up, or moving another
 * account to it — with the sign-in and reset pages; nothing when no account has it (a race lost to a deletion).
 */
async function tellOwnerOfAddress(email: string, template: "tentative-inscription" | "adresse-deja-utilisee"): Promise<void> {
  const owner = await db()
    .selectFrom("user")
    .innerJoin("profiles", "profiles.id", "user.id")
    .select(["user.email", "profiles.first_name"])
    .where("user.email", "=", email)
    .executeTakeFirst();
  if (!owner) return;
  await enqueueEmail(db(), {
    to: owner.email,
    template,
    variables: { prenom: owner.first_name, lien_connexion: siteLink("/connexion"), lien_mot_de_passe: siteLink("/mot-de-passe-oublie") },
  });
  jobsEnqueued();
}

/** Queues the confirmation email; its link (and token) is made when the job runs (buildPersonalLink). */
async function enqueueConfirmationEmail(
  executor: Executor,
  user: { id: string; email: string; firstName: string },
): Promise<void> {
  await enqueueEmail(executor, {
    to: user.email,
    template: "confirmation-email",
    variables: { prenom: user.firstName },
    personalLink: { kind: "confirm-email", userId: user.id },
  });
}

/**
 * The email job's link maker: creates the token only now, so that it reaches the email and nothing else. A
 * confirmation token is signed (nothing stored); a reset token is stored hashed. Null when the link no longer
 * applies: the account is gone, or its address is already confirmed.
 */
export const buildPersonalLink: PersonalLinkBuilder = async (request, database) => {
  const user = await database.selectFrom("user").select(["id", "email", "emailVerified"]).where("id", "=", request.userId).executeTakeFirst();
  if (!user) return null;
  const { authSecret } = runtime();
  if (request.kind === "confirm-email") {
    if (user.emailVerified) return null;
    const token = await createEmailVerificationToken(authSecret, user.email, undefined, CONFIRMATION_LINK_SECONDS, { userId: user.id });
    return publicLink("/verifier-email", token);
  }
  if (request.kind === "confirm-new-email") {
    if (!request.newEmail) return null;
    const token = await createEmailVerificationToken(authSecret, user.email, request.newEmail, CONFIRMATION_LINK_SECONDS, {
      requestType: "change-email-verification",
      userId: user.id,
    });
    return publicLink("/verifier-email", token);
  }
  // Other kinds (a data export's link) have their own builder (server/job-worker.ts).
  if (request.kind !== "reset-password") return null;
  const token = randomBytes(32).toString("base64url");
  const now = new Date();
  await database
    .insertInto("verification")
    .values({
      id: randomUUID(),
      identifier: storedIdentifier(`reset-password:${token}`),
      value: user.id,
      expiresAt: new Date(now.getTime() + RESET_LINK_SECONDS * 1000),
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  return publicLink("/reinitialiser-mot-de-passe", token);
};

/** Limits requests that send an email to an address: per address and per client. */
async function allowEmailRequest(kind: string, actor: AnonymousActor | UserActor, email: string): Promise<boolean> {
  const { env } = runtime();
  const { allowed } = await consumeAttempt(
    db(),
    [
      { key: `${kind}:address:${clientKey(actor.clientAddress)}`, limit: env.SIGNUP_ATTEMPTS_PER_ADDRESS },
      { key: `${kind}:email:${email}`, limit: 3 },
    ],
    env.RATE_LIMIT_WINDOW_SECONDS,
  );
  return allowed;
}

export type EmailRequestResult = { ok: true; message: string } | { ok: false; status: 429; formError: string };

/** A new confirmation link for an account whose email is not confirmed; the same answer whatever the address. */
export async function resendConfirmation(actor: AnonymousActor, email: string): Promise<EmailRequestResult> {
  if (!(await allowEmailRequest("confirmation", actor, email))) {
    return { ok: false, status: 429, formError: messages.tooManyEmailRequests };
  }
  const user = await db()
    .selectFrom("user")
    .innerJoin("profiles", "profiles.id", "user.id")
    .select(["user.id", "user.email", "user.emailVerified", "profiles.first_name"])
    .where("user.email", "=", email)
    .executeTakeFirst();
  if (user && !user.emailVerified) {
    await db()
      .transaction()
      .execute((trx) => enqueueConfirmationEmail(trx, { id: user.id, email: user.email, firstName: user.first_name }));
    jobsEnqueued();
  }
  return { ok: true, message: messages.confirmationSent };
}

export type ConfirmationResult =
  | { ok: true; emailChanged: boolean; email: string }
  | { ok: false; reason: "expired" | "invalid" | "other-account" | "sign-in-required" };

function tokenPayload(token: string): { email?: string; userId?: string; updateTo?: string; exp?: number } {
  try {
    const part = token.split(".")[1] ?? "";
    const payload = JSON.parse(Buffer.from(part, "base64url").toString("utf8")) as Record<string, unknown>;
    const text = (value: unknown) => (typeof value === "string" ? value : undefined);
    const exp = typeof payload.exp === "number" ? payload.exp : undefined;
    return { email: text(payload.email), userId: text(payload.userId), updateTo: text(payload.updateTo), exp };
  } catch {
    return {};
  }
}

/**
 * Opens a confirmation link: confirms the address of a new account, or moves the account to its new address.
 * It never signs anyone in (decision 16): whoever opens the link must still give the account's password. A
 * signed-in person opening a link meant for another account stays who they are and the link is left unused.
 * An address change takes effect only for its signed-in owner (decision 64).
 */
export async function confirmEmail(actor: Actor, token: string): Promise<ConfirmationResult> {
  const payload = tokenPayload(token);
  if (payload.updateTo) return confirmEmailChange(actor, token);
  if (actor.kind === "user" && payload.userId && payload.userId !== actor.userId) {
    logger.warn({ userId: actor.userId }, "lien de confirmation d'un autre compte ouvert par une personne connectée");
    return { ok: false, reason: "other-account" };
  }
  try {
    // better-auth checks the token's signature and expiry; no cookie is passed, so no session is touched.
    await auth().api.verifyEmail({ query: { token }, headers: new Headers() });
    return { ok: true, emailChanged: false, email: payload.email ?? "" };
  } catch (error) {
    const code = error instanceof APIError ? (error.body as { code?: string } | undefined)?.code : undefined;
    if (code === "TOKEN_EXPIRED") return { ok: false, reason: "expired" };
    if (code === "INVALID_USER") return { ok: false, reason: "other-account" };
    if (!(error instanceof APIError)) logger.error({ err: error }, "échec inattendu de la confirmation d'email");
    return { ok: false, reason: "invalid" };
  }
}

/** What an address-change link carries (buildPersonalLink), signed with the auth secret. */
const emailChangeClaims = z.object({
  email: z.string().min(1),
  updateTo: z.string().min(1),
  requestType: z.literal("change-email-verification"),
  userId: z.string().min(1),
});

/**
 * The link sent to the new address (decision 64). Only the account's owner, signed in on the browser that opens it,
 * makes it take effect: a signed-out browser (whoever reads the new mailbox, a link scanner) is asked to sign in
 * first. Then, in one transaction: the account and its profile move to the new address (only if the account still
 * has the address the link was made for, so a link works once), every other session of the person ends, and the old
 * address is told, with what to do if it was not them.
 */
async function confirmEmailChange(actor: Actor, token: string): Promise<ConfirmationResult> {
  const verified = await verifyJWT(token, runtime().authSecret);
  if (!verified) {
    const { exp } = tokenPayload(token);
    return { ok: false, reason: exp !== undefined && exp * 1000 <= Date.now() ? "expired" : "invalid" };
  }
  const claims = emailChangeClaims.safeParse(verified);
  if (!claims.success) return { ok: false, reason: "invalid" };
  const { email: oldEmail, updateTo: newEmail, userId } = claims.data;
  if (actor.kind !== "user") return { ok: false, reason: "sign-in-required" };
  if (actor.userId !== userId) {
    logger.warn({ userId: actor.userId }, "lien de changement d'adresse d'un autre compte ouvert par une personne connectée");
    return { ok: false, reason: "other-account" };
  }
  let moved: { firstName: string } | undefined;
  try {
    moved = await db()
      .transaction()
      .execute(async (trx) => {
        const user = await trx
          .updateTable("user")
          .set({ email: newEmail, updatedAt: new Date() })
          .where("id", "=", userId)
          .where("email", "=", oldEmail)
          .returning("id")
          .executeTakeFirst();
        if (!user) return undefined;
        const profile = await trx
          .updateTable("profiles")
          .set({ email: newEmail })
          .where("id", "=", userId)
          .returning("first_name")
          .executeTakeFirstOrThrow();
        await trx.deleteFrom("session").where("userId", "=", userId).where("id", "<>", actor.sessionId).execute();
        const contact = operatorIdentity(runtime().env);
        await enqueueEmail(trx, {
          to: oldEmail,
          template: "adresse-email-modifiee",
          variables: {
            prenom: profile.first_name,
            date: new Date().toLocaleString("fr-FR", { timeZone: "Europe/Paris", dateStyle: "long", timeStyle: "short" }),
            nouvelle_adresse: maskedEmail(newEmail),
            contact: contact.email,
            telephone: contact.phone,
            lien_mot_de_passe: siteLink("/mot-de-passe-oublie"),
          },
        });
        return { firstName: profile.first_name };
      });
  } catch (error) {
    // The new address was registered by someone else since the link was sent.
    if (isUniqueViolation(error)) return { ok: false, reason: "invalid" };
    throw error;
  }
  if (!moved) return { ok: false, reason: "invalid" };
  jobsEnqueued();
  logger.info({ userId }, "adresse email modifiée ; autres sessions terminées, ancienne adresse prévenue");
  return { ok: true, emailChanged: true, email: newEmail };
}

/** "nouvelle@exemple.fr" → "n•••••••@exemple.fr": enough for the owner to recognise it, not to write to it. */
export function maskedEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "•••";
  return `${email[0]}${"•".repeat(Math.max(3, at - 1))}${email.slice(at)}`;
}

/** better-auth keeps verification identifiers hashed (verification.storeIdentifier = "hashed"). */
function storedIdentifier(identifier: string): string {
  return createHash("sha256").update(identifier).digest("base64url");
}

async function enqueuePasswordReset(executor: Executor, user: { id: string; email: string; firstName: string }) {
  await enqueueEmail(executor, {
    to: user.email,
    template: "reinitialisation-mot-de-passe",
    variables: { prenom: user.firstName },
    personalLink: { kind: "reset-password", userId: user.id },
  });
}

async function sendResetLinkTo(where: { email: string } | { userId: string }): Promise<boolean> {
  const user = await db()
    .selectFrom("user")
    .innerJoin("profiles", "profiles.id", "user.id")
    .select(["user.id", "user.email", "profiles.first_name"])
    .$call((query) => ("email" in where ? query.where("user.email", "=", where.email) : query.where("user.id", "=", where.userId)))
    .executeTakeFirst();
  if (!user) return false;
  await db()
    .transaction()
    .execute((trx) => enqueuePasswordReset(trx, { id: user.id, email: user.email, firstName: user.first_name }));
  jobsEnqueued();
  return true;
}

/** 'Mot de passe oublié' : the same answer whether or not the address has an account. */
export async function requestPasswordReset(actor: AnonymousActor, email: string): Promise<EmailRequestResult> {
  if (!(await allowEmailRequest("reset", actor, email))) {
    return { ok: false, status: 429, formError: messages.tooManyEmailRequests };
  }
  await sendResetLinkTo({ email });
  return { ok: true, message: messages.resetRequested };
}

export async function passwordResetLinkIsValid(token: string): Promise<boolean> {
  const row = await db()
    .selectFrom("verification")
    .select("id")
    .where("identifier", "=", storedIdentifier(`reset-password:${token}`))
    .where("expiresAt", ">", new Date())
    .executeTakeFirst();
  return row !== undefined;
}

export type PasswordResetResult =
  | { ok: true }
  | { ok: false; status: number; formError?: string; fieldErrors?: Record<string, string>; retryAfterSeconds?: number };

/** Sets the new password from a reset link (single use, one hour) and ends every session of the account. */
export async function resetPassword(actor: AnonymousActor, token: string, newPassword: string): Promise<PasswordResetResult> {
  const owner = await db()
    .selectFrom("verification")
    .innerJoin("profiles", "profiles.id", "verification.value")
    .select(["profiles.first_name", "profiles.last_name", "profiles.email"])
    .where("verification.identifier", "=", storedIdentifier(`reset-password:${token}`))
    .where("verification.expiresAt", ">", new Date())
    .executeTakeFirst();
  if (!owner) return { ok: false, status: 400, formError: messages.resetLinkInvalid };
  if (isGuessablePassword(newPassword, [owner.first_name, owner.last_name, owner.email])) {
    return { ok: false, status: 400, fieldErrors: { motDePasse: messages.passwordTooCommon } };
  }
  try {
    await withPasswordHashing(() => auth().api.resetPassword({ body: { newPassword, token } }));
  } catch (error) {
    if (error instanceof HashingBusyError) return busyResult(error);
    if (error instanceof APIError && error.statusCode < 500) return { ok: false, status: 400, formError: messages.resetLinkInvalid };
    throw error;
  }
  // Opening the emailed link proves the address, as a confirmation link would.
  await db().updateTable("user").set({ emailVerified: true, updatedAt: new Date() }).where("email", "=", owner.email).execute();
  await clearSignInCounts(owner.email);
  logger.info({ clientAddress: actor.clientAddress }, "mot de passe réinitialisé");
  return { ok: true };
}

export type EmailChangeResult =
  | { ok: true }
  | { ok: false; status: number; fieldErrors?: Record<string, string>; formError?: string; retryAfterSeconds?: number };

/** Sends a confirmation link to the new address; the account moves to it only when the link is opened. */
export async function requestEmailChange(actor: Actor, newEmail: string, currentPassword: string): Promise<EmailChangeResult> {
  assertUser(actor);
  if (!(await allowEmailRequest("email-change", actor, actor.email))) {
    return { ok: false, status: 429, formError: messages.tooManyEmailRequests };
  }
  if (newEmail === actor.email) return { ok: false, status: 400, fieldErrors: { nouvelEmail: messages.sameEmail } };
  const credential = await db()
    .selectFrom("account")
    .select("password")
    .where("userId", "=", actor.userId)
    .where("providerId", "=", "credential")
    .executeTakeFirst();
  const context = await auth().$context;
  const stored = credential?.password;
  let passwordMatches = false;
  try {
    passwordMatches = Boolean(stored) && (await withPasswordHashing(() => context.password.verify({ hash: stored!, password: currentPassword })));
  } catch (error) {
    if (error instanceof HashingBusyError) return busyResult(error);
    throw error;
  }
  if (!passwordMatches) {
    return { ok: false, status: 400, fieldErrors: { motDePasseActuel: messages.currentPasswordWrong } };
  }
  const taken = await db().selectFrom("user").select("id").where("email", "=", newEmail).executeTakeFirst();
  if (taken) {
    // Not "this address is taken" (decision 64): that would tell anyone with an account who else has one. The
    // address's owner is told instead; the person asking receives no link there.
    await tellOwnerOfAddress(newEmail, "adresse-deja-utilisee");
    logger.info({ userId: actor.userId }, "changement d'adresse vers une adresse déjà inscrite : titulaire prévenu");
    return { ok: true };
  }

  await db()
    .transaction()
    .execute((trx) =>
      enqueueEmail(trx, {
        to: newEmail,
        template: "confirmation-nouvelle-adresse",
        variables: { prenom: actor.firstName },
        personalLink: { kind: "confirm-new-email", userId: actor.userId, newEmail },
      }),
    );
  jobsEnqueued();
  return { ok: true };
}

interface TargetAccount {
  id: string;
  role: string;
  email: string;
  first_name: string;
}

async function existingAccount(userId: string): Promise<TargetAccount> {
  // A deleted account (a pseudonymised tombstone) takes no staff action: nothing to reset, no address to write to.
  const user = await db().selectFrom("profiles").select(["id", "role", "email", "first_name"]).where("id", "=", userId).where("deleted_at", "is", null).executeTakeFirst();
  if (!user) throw new NotFoundError();
  return user;
}

const STAFF_ACTION_TEXT: Record<AccountSecurityAction, string> = {
  "reset-link-sent": "un lien de réinitialisation du mot de passe a été envoyé à votre adresse.",
  "sessions-ended": "toutes vos sessions ont été terminées ; reconnectez-vous.",
  "second-factor-reset": "votre double authentification a été réinitialisée ; vous la configurerez de nouveau à votre prochaine connexion.",
};

/**
 * Writes an administrator's action on an account to the journal (account_security_actions) and, when the account
 * is staff (lawyer or admin), emails its owner — in the transaction of the action itself.
 */
async function recordAccountAction(
  trx: Executor,
  actor: UserActor,
  target: TargetAccount,
  action: AccountSecurityAction,
  change: { before?: Record<string, unknown>; after?: Record<string, unknown> } = {},
): Promise<void> {
  await trx
    .insertInto("account_security_actions")
    .values({ actor_id: actor.userId, target_id: target.id, action, client_address: actor.clientAddress.slice(0, 100) })
    .execute();
  await recordStaffAction(trx, actor, { action: `user.${action}`, targetType: "user", targetId: target.id, ...change });
  if (target.role !== "lawyer" && target.role !== "admin") return;
  await enqueueEmail(trx, {
    to: target.email,
    template: "action-sur-compte",
    variables: {
      prenom: target.first_name,
      auteur: `${actor.firstName} ${actor.lastName}`,
      date: new Date().toLocaleString("fr-FR", { timeZone: "Europe/Paris", dateStyle: "long", timeStyle: "short" }),
      action: STAFF_ACTION_TEXT[action],
    },
  });
}

/** Admin: emails the person a password-reset link (replaces the spec's display of a stored password). */
export async function sendPasswordResetLink(actor: Actor, userId: string): Promise<void> {
  assertRole(actor, "admin");
  const target = await existingAccount(userId);
  await db()
    .transaction()
    .execute(async (trx) => {
      await enqueuePasswordReset(trx, { id: target.id, email: target.email, firstName: target.first_name });
      await recordAccountAction(trx, actor, target, "reset-link-sent");
    });
  jobsEnqueued();
  logger.info({ adminId: actor.userId, userId }, "lien de réinitialisation envoyé par un administrateur");
}

/** Admin: ends every session of an account. */
export async function endAllSessionsOf(actor: Actor, userId: string): Promise<number> {
  assertRole(actor, "admin");
  const target = await existingAccount(userId);
  const ended = await db()
    .transaction()
    .execute(async (trx) => {
      const result = await trx.deleteFrom("session").where("userId", "=", userId).executeTakeFirst();
      await recordAccountAction(trx, actor, target, "sessions-ended", { after: { sessionsEnded: Number(result.numDeletedRows) } });
      return Number(result.numDeletedRows);
    });
  jobsEnqueued();
  logger.info({ adminId: actor.userId, userId }, "toutes les sessions terminées par un administrateur");
  return ended;
}

/** Admin: removes another staff member's second factor; they enrol again at their next sign-in. */
export async function resetSecondFactor(actor: Actor, userId: string): Promise<void> {
  assertRole(actor, "admin");
  const account = await existingAccount(userId);
  if (account.id === actor.userId) throw new NotFoundError();
  await db()
    .transaction()
    .execute(async (trx) => {
      await trx.deleteFrom("twoFactor").where("userId", "=", userId).execute();
      await trx.updateTable("user").set({ twoFactorEnabled: false, updatedAt: new Date() }).where("id", "=", userId).execute();
      await trx.deleteFrom("session").where("userId", "=", userId).execute();
      await recordAccountAction(trx, actor, account, "second-factor-reset", {
        before: { secondFactor: "enabled" },
        after: { secondFactor: "disabled" },
      });
    });
  jobsEnqueued();
  logger.info({ adminId: actor.userId, userId }, "double authentification réinitialisée par un administrateur");
}

export type CurrentPasswordCheck =
  | { ok: true }
  | { ok: false; status: 400; reason: "wrong" }
  | { ok: false; status: 429; reason: "too-many" }
  | { ok: false; status: 503; reason: "busy"; retryAfterSeconds: number };

/**
 * Re-entry of the signed-in person's password before a sensitive step (data export, account deletion). Each try is
 * counted first in the database, per person and purpose, like a sign-in (a stolen session cannot guess the
 * password); a right password clears the count. The check runs under the password-hashing cap (decision 19).
 */
export async function checkCurrentPassword(actor: UserActor, password: string, purpose: string): Promise<CurrentPasswordCheck> {
  const { env } = runtime();
  const key = `${purpose}:user:${actor.userId}`;
  const { allowed } = await consumeAttempt(db(), [{ key, limit: env.LOGIN_ATTEMPTS_PER_EMAIL }], env.RATE_LIMIT_WINDOW_SECONDS);
  if (!allowed) {
    logger.warn({ userId: actor.userId, purpose }, "mot de passe redemandé : trop de tentatives");
    return { ok: false, status: 429, reason: "too-many" };
  }
  const credential = await db()
    .selectFrom("account")
    .select("password")
    .where("userId", "=", actor.userId)
    .where("providerId", "=", "credential")
    .executeTakeFirst();
  const stored = credential?.password;
  if (!stored || password.length === 0) return { ok: false, status: 400, reason: "wrong" };
  const context = await auth().$context;
  let matches: boolean;
  try {
    matches = await withPasswordHashing(() => context.password.verify({ hash: stored, password }));
  } catch (error) {
    if (error instanceof HashingBusyError) return { ok: false, status: 503, reason: "busy", retryAfterSeconds: error.retryAfterSeconds };
    throw error;
  }
  if (!matches) return { ok: false, status: 400, reason: "wrong" };
  await clearAttempts(db(), key);
  return { ok: true };
}
