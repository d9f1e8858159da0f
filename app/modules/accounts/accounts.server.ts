import { randomUUID } from "node:crypto";
import { APIError } from "better-auth/api";
import type { AnonymousActor, Actor, UserActor } from "~/platform/actor";
import { normaliseRole } from "~/platform/actor";
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
  | { ok: true; headers: Headers }
  | { ok: false; status: number; formError?: string; fieldErrors?: Record<string, string> };

/** After the password: either a session, or (account with a second factor) a pending challenge and no session. */
export type SignInResult =
  | { ok: true; headers: Headers; next: "session" | "second-factor" }
  | { ok: false; status: number; formError?: string; fieldErrors?: Record<string, string> };

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

function authFailure(error: unknown): { status: number; formError: string } {
  if (error instanceof APIError) {
    const code = (error.body as { code?: string } | undefined)?.code;
    if (code === "INVALID_EMAIL_OR_PASSWORD" || error.statusCode === 401) {
      return { status: 401, formError: messages.invalidCredentials };
    }
    if (code === "EMAIL_NOT_VERIFIED") return { status: 403, formError: messages.emailNotConfirmed };
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

  const created = await createAccount({ ...input, role: "user", emailVerified: false });
  if (!created.ok) return { ok: false, status: 409, formError: messages.alreadyRegistered };

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
 * Creates the auth user, its credential and its profile in one transaction.
 * The password leaves this function only as better-auth's hash.
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
      });
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
