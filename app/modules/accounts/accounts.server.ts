import { createHash, randomBytes, randomUUID } from "node:crypto";
import { APIError, createEmailVerificationToken } from "better-auth/api";
import { enqueueEmail } from "~/modules/notifications/notifications.server";
import { jobsEnqueued, type Executor } from "~/modules/jobs/jobs.server";
import type { AnonymousActor, Actor, UserActor } from "~/platform/actor";
import { assertRole, assertUser, NotFoundError, normaliseRole } from "~/platform/actor";
import { logger } from "~/platform/logger.server";
import { db, runtime } from "~/platform/runtime.server";
import { messages, type SignInInput, type SignUpInput } from "./accounts.schema";
import { consumeAttempt, clearAttempts } from "./attempt-limiter.server";
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
  | { ok: false; status: number; formError?: string; fieldErrors?: Record<string, string>; resendConfirmation?: true };

/** After the password: either a session, or (account with a second factor) a pending challenge and no session. */
export type SignInResult =
  | { ok: true; headers: Headers; next: "session" | "second-factor" }
  | { ok: false; status: number; formError?: string; fieldErrors?: Record<string, string>; resendConfirmation?: true };

/** Only the Set-Cookie lines of better-auth's response headers. */
export function sessionCookies(source: Headers): Headers {
  const headers = new Headers();
  for (const cookie of source.getSetCookie()) headers.append("set-cookie", cookie);
  return headers;
}

export async function signIn(actor: AnonymousActor, input: SignInInput, request: Request): Promise<SignInResult> {
  const { env } = runtime();
  const emailKey = `sign-in:email:${input.email}`;
  const { allowed } = await consumeAttempt(
    db(),
    [
      { key: `sign-in:address:${actor.clientAddress}`, limit: env.LOGIN_ATTEMPTS_PER_ADDRESS },
      { key: emailKey, limit: env.LOGIN_ATTEMPTS_PER_EMAIL },
    ],
    env.RATE_LIMIT_WINDOW_SECONDS,
  );
  if (!allowed) {
    logger.warn({ clientAddress: actor.clientAddress }, "connexion refusée : trop de tentatives");
    return { ok: false, status: 429, formError: messages.tooManyLoginAttempts };
  }

  const known = await db().selectFrom("user").select("id").where("email", "=", input.email).executeTakeFirst();
  if (!known) return { ok: false, status: 401, formError: messages.unknownEmail };

  try {
    const { headers, response } = await auth().api.signInEmail({
      body: { email: input.email, password: input.password, rememberMe: true },
      headers: request.headers,
      returnHeaders: true,
    });
    await clearAttempts(db(), emailKey);
    // The two-factor plugin has replaced the session with a short-lived challenge cookie.
    const secondFactor = "twoFactorRedirect" in response && response.twoFactorRedirect === true;
    return { ok: true, headers: sessionCookies(headers), next: secondFactor ? "second-factor" : "session" };
  } catch (error) {
    return { ok: false, ...authFailure(error) };
  }
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
  logger.error({ err: error }, "échec inattendu de la connexion");
  return { status: 500, formError: messages.unexpected };
}

export async function signUp(actor: AnonymousActor, input: SignUpInput, request: Request): Promise<AccountResult> {
  const { env } = runtime();
  const { allowed } = await consumeAttempt(
    db(),
    [
      { key: `sign-up:address:${actor.clientAddress}`, limit: env.SIGNUP_ATTEMPTS_PER_ADDRESS },
      { key: `sign-up:email:${input.email}`, limit: env.LOGIN_ATTEMPTS_PER_EMAIL },
    ],
    env.RATE_LIMIT_WINDOW_SECONDS,
  );
  if (!allowed) return { ok: false, status: 429, formError: messages.tooManySignUpAttempts };

  if (isGuessablePassword(input.password, [input.firstName, input.lastName, input.email])) {
    return { ok: false, status: 400, fieldErrors: { motDePasse: messages.passwordTooCommon } };
  }

  const created = await createAccount({ ...input, role: "user", emailVerified: !env.EMAIL_VERIFICATION });
  if (!created.ok) return { ok: false, status: 409, formError: messages.alreadyRegistered };
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
  const passwordHash = await context.password.hash(account.password);
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

function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: string }).code === "23505";
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
  return `${runtime().env.PUBLIC_URL.replace(/\/+$/, "")}${path}?token=${encodeURIComponent(token)}`;
}

async function enqueueConfirmationEmail(
  executor: Executor,
  user: { id: string; email: string; firstName: string },
): Promise<void> {
  const token = await createEmailVerificationToken(runtime().authSecret, user.email, undefined, CONFIRMATION_LINK_SECONDS, {
    userId: user.id,
  });
  await enqueueEmail(executor, {
    to: user.email,
    template: "confirmation-email",
    variables: { prenom: user.firstName, lien: publicLink("/verifier-email", token) },
    secret: ["lien"],
  });
}

/** Limits requests that send an email to an address: per address and per client. */
async function allowEmailRequest(kind: string, actor: AnonymousActor | UserActor, email: string): Promise<boolean> {
  const { env } = runtime();
  const { allowed } = await consumeAttempt(
    db(),
    [
      { key: `${kind}:address:${actor.clientAddress}`, limit: env.SIGNUP_ATTEMPTS_PER_ADDRESS },
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
  | { ok: true; headers: Headers; signedIn: boolean; emailChanged: boolean }
  | { ok: false; reason: "expired" | "invalid" };

function tokenPayload(token: string): { userId?: string; updateTo?: string } {
  try {
    const part = token.split(".")[1] ?? "";
    return JSON.parse(Buffer.from(part, "base64url").toString("utf8")) as { userId?: string; updateTo?: string };
  } catch {
    return {};
  }
}

/**
 * Opens a confirmation link: confirms the address (and signs in, for a new account), or moves the account to its
 * new address. better-auth checks the token's signature and expiry.
 */
export async function confirmEmail(actor: Actor, token: string, request: Request): Promise<ConfirmationResult> {
  try {
    const { headers } = await auth().api.verifyEmail({ query: { token }, headers: request.headers, returnHeaders: true });
    const payload = tokenPayload(token);
    if (payload.updateTo && payload.userId) {
      await db()
        .updateTable("profiles")
        .set((eb) => ({ email: eb.selectFrom("user").select("email").where("user.id", "=", payload.userId!) }))
        .where("id", "=", payload.userId)
        .execute();
      logger.info({ userId: payload.userId }, "adresse email modifiée");
    }
    const cookies = sessionCookies(headers);
    const signedIn = actor.kind === "user" || cookies.getSetCookie().some((c) => c.includes("session_token="));
    return { ok: true, headers: cookies, signedIn, emailChanged: Boolean(payload.updateTo) };
  } catch (error) {
    const code = error instanceof APIError ? (error.body as { code?: string } | undefined)?.code : undefined;
    if (code === "TOKEN_EXPIRED") return { ok: false, reason: "expired" };
    if (!(error instanceof APIError)) logger.error({ err: error }, "échec inattendu de la confirmation d'email");
    return { ok: false, reason: "invalid" };
  }
}

/** better-auth keeps verification identifiers hashed (verification.storeIdentifier = "hashed"). */
function storedIdentifier(identifier: string): string {
  return createHash("sha256").update(identifier).digest("base64url");
}

async function enqueuePasswordReset(executor: Executor, user: { id: string; email: string; firstName: string }) {
  const token = randomBytes(32).toString("base64url");
  const now = new Date();
  await executor
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
  await enqueueEmail(executor, {
    to: user.email,
    template: "reinitialisation-mot-de-passe",
    variables: { prenom: user.firstName, lien: publicLink("/reinitialiser-mot-de-passe", token) },
    secret: ["lien"],
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
  | { ok: false; status: number; formError?: string; fieldErrors?: Record<string, string> };

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
    await auth().api.resetPassword({ body: { newPassword, token } });
  } catch (error) {
    if (error instanceof APIError && error.statusCode < 500) return { ok: false, status: 400, formError: messages.resetLinkInvalid };
    throw error;
  }
  await clearAttempts(db(), `sign-in:email:${owner.email}`);
  logger.info({ clientAddress: actor.clientAddress }, "mot de passe réinitialisé");
  return { ok: true };
}

export type EmailChangeResult = { ok: true } | { ok: false; status: number; fieldErrors?: Record<string, string>; formError?: string };

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
  if (!credential?.password || !(await context.password.verify({ hash: credential.password, password: currentPassword }))) {
    return { ok: false, status: 400, fieldErrors: { motDePasseActuel: messages.currentPasswordWrong } };
  }
  const taken = await db().selectFrom("user").select("id").where("email", "=", newEmail).executeTakeFirst();
  if (taken) return { ok: false, status: 409, fieldErrors: { nouvelEmail: messages.emailTaken } };

  const token = await createEmailVerificationToken(runtime().authSecret, actor.email, newEmail, CONFIRMATION_LINK_SECONDS, {
    requestType: "change-email-verification",
    userId: actor.userId,
  });
  await db()
    .transaction()
    .execute((trx) =>
      enqueueEmail(trx, {
        to: newEmail,
        template: "confirmation-nouvelle-adresse",
        variables: { prenom: actor.firstName, lien: publicLink("/verifier-email", token) },
        secret: ["lien"],
      }),
    );
  jobsEnqueued();
  return { ok: true };
}

/** Admin: the accounts with the facts the security actions need, newest first. */
export async function listAccountsForSecurity(actor: Actor, search: string) {
  assertRole(actor, "admin");
  const term = search.trim().toLowerCase();
  return db()
    .selectFrom("profiles")
    .innerJoin("user", "user.id", "profiles.id")
    .leftJoin(
      (eb) => eb.selectFrom("session").select(["userId"]).select((s) => s.fn.countAll<number>().as("sessions")).where("expiresAt", ">", new Date()).groupBy("userId").as("active"),
      (join) => join.onRef("active.userId", "=", "profiles.id"),
    )
    .select([
      "profiles.id",
      "profiles.email",
      "profiles.first_name",
      "profiles.last_name",
      "profiles.role",
      "user.emailVerified",
      "user.twoFactorEnabled",
      "active.sessions",
    ])
    .$if(term.length > 0, (query) =>
      query.where((eb) =>
        eb.or([
          eb(eb.fn("lower", ["profiles.email"]), "like", `%${term}%`),
          eb(eb.fn("lower", ["profiles.first_name"]), "like", `%${term}%`),
          eb(eb.fn("lower", ["profiles.last_name"]), "like", `%${term}%`),
        ]),
      ),
    )
    .orderBy("profiles.created_at", "desc")
    .limit(200)
    .execute();
}

async function existingAccount(userId: string): Promise<{ id: string; role: string; email: string }> {
  const user = await db().selectFrom("profiles").select(["id", "role", "email"]).where("id", "=", userId).executeTakeFirst();
  if (!user) throw new NotFoundError();
  return user;
}

/** Admin: emails the person a password-reset link (replaces the spec's display of a stored password). */
export async function sendPasswordResetLink(actor: Actor, userId: string): Promise<void> {
  assertRole(actor, "admin");
  await existingAccount(userId);
  await sendResetLinkTo({ userId });
  logger.info({ adminId: actor.userId, userId }, "lien de réinitialisation envoyé par un administrateur");
}

/** Admin: ends every session of an account. */
export async function endAllSessionsOf(actor: Actor, userId: string): Promise<number> {
  assertRole(actor, "admin");
  await existingAccount(userId);
  const result = await db().deleteFrom("session").where("userId", "=", userId).executeTakeFirst();
  logger.info({ adminId: actor.userId, userId }, "toutes les sessions terminées par un administrateur");
  return Number(result.numDeletedRows);
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
    });
  logger.info({ adminId: actor.userId, userId }, "double authentification réinitialisée par un administrateur");
}

/** Admin: whose account an action concerns, as the confirmation of that action names it. */
export async function accountLabelForAdmin(actor: Actor, userId: string): Promise<string> {
  assertRole(actor, "admin");
  await existingAccount(userId);
  const profile = await db()
    .selectFrom("profiles")
    .select(["first_name", "last_name", "email"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  return `${profile.first_name} ${profile.last_name} (${profile.email})`.trim();
}
