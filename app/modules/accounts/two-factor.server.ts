import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";
import { APIError } from "better-auth/api";
import { parseCookies } from "better-auth/cookies";
import { constantTimeEqual, makeSignature, symmetricDecrypt } from "better-auth/crypto";
import { assertSignedIn, isStaff, type Actor, type AnonymousActor, type UserActor } from "~/platform/actor";
import { logger } from "~/platform/logger.server";
import { db, runtime } from "~/platform/runtime.server";
import { sessionCookies } from "./sessions.server";
import { clearAttempts, consumeAttempt } from "~/platform/attempt-limiter.server";
import { auth, TOTP_DIGITS, TOTP_PERIOD_SECONDS } from "./auth-instance.server";
import { qrCodeDataUri } from "./qr-code.server";
import { storedPasswordHash } from "./password-hashing.server";
import { groupManualKey, twoFactorMessages as messages, type SecondFactorSignInInput, type TwoFactorSettingsInput } from "./two-factor.schema";

const ISSUER = "Recours";
/** better-auth's cookie for a sign-in waiting for its second factor (prefixed "recours." by our cookiePrefix). */
const CHALLENGE_COOKIE = "two_factor";

type Failure = { ok: false; status: number; formError?: string; fieldErrors?: Record<string, string> };

// ---------------------------------------------------------------------------------------------------------------
// Sign-in, second step

/** The account a sign-in challenge cookie stands for, while that challenge is still open. */
async function openChallenge(request: Request): Promise<{ userId: string } | null> {
  const context = await auth().$context;
  const raw = parseCookies(request.headers.get("cookie") ?? "").get(context.createAuthCookie(CHALLENGE_COOKIE).name);
  if (!raw) return null;
  const dot = raw.lastIndexOf(".");
  if (dot < 1) return null;
  const identifier = raw.slice(0, dot);
  const expected = await makeSignature(identifier, context.secret);
  if (!constantTimeEqual(new TextEncoder().encode(raw.slice(dot + 1)), new TextEncoder().encode(expected))) return null;
  const verification = await context.internalAdapter.findVerificationValue(identifier);
  if (!verification || verification.expiresAt <= new Date()) return null;
  return { userId: verification.value };
}

/** Whether this browser has a sign-in waiting for its second factor (the code page shows only then). */
export async function hasOpenSignInChallenge(actor: Actor, request: Request): Promise<boolean> {
  if (actor.kind !== "anonymous") return false;
  return (await openChallenge(request)) !== null;
}

export type SecondFactorSignInResult =
  | { ok: true; headers: Headers }
  | (Failure & { /** The challenge is over: the person must give their password again. */ restart?: boolean });

/**
 * The second step of sign-in: a code from the authenticator app or a recovery code (spent once used). Only a
 * right code creates the session. Attempts are counted per account and per address, in the database.
 */
export async function verifySignInSecondFactor(
  actor: AnonymousActor,
  input: SecondFactorSignInInput,
  request: Request,
): Promise<SecondFactorSignInResult> {
  const challenge = await openChallenge(request);
  if (!challenge) return { ok: false, status: 401, formError: messages.challengeExpired, restart: true };
  const userKey = attemptKey(challenge.userId);
  if (!(await allowAttempt(challenge.userId, actor.clientAddress))) {
    logger.warn({ userId: challenge.userId, clientAddress: actor.clientAddress }, "second facteur : trop de tentatives");
    return { ok: false, status: 429, formError: messages.tooManyAttempts };
  }
  if (input.method === "app" && (await claimCodeStep(challenge.userId, input.code)) === "replayed") {
    logger.warn({ userId: challenge.userId, clientAddress: actor.clientAddress }, "connexion : code du second facteur déjà utilisé");
    return { ok: false, status: 401, fieldErrors: { code: messages.codeAlreadyUsed } };
  }
  try {
    const { headers } =
      input.method === "app"
        ? await auth().api.verifyTOTP({ body: { code: input.code }, headers: request.headers, returnHeaders: true })
        : await auth().api.verifyBackupCode({ body: { code: input.recoveryCode }, headers: request.headers, returnHeaders: true });
    await clearAttempts(db(), userKey);
    logger.info({ userId: challenge.userId, method: input.method }, "connexion : second facteur vérifié");
    return { ok: true, headers: sessionCookies(headers) };
  } catch (error) {
    const code = apiErrorCode(error);
    if (code === "INVALID_CODE") return { ok: false, status: 401, fieldErrors: { code: messages.wrongCode } };
    if (code === "INVALID_BACKUP_CODE") return { ok: false, status: 401, fieldErrors: { recoveryCode: messages.wrongRecoveryCode } };
    if (code === "ACCOUNT_TEMPORARILY_LOCKED") return { ok: false, status: 429, formError: messages.tooManyAttempts };
    if (
      code === "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE" ||
      code === "INVALID_TWO_FACTOR_COOKIE" ||
      code === "TOTP_NOT_ENABLED" ||
      code === "BACKUP_CODES_NOT_ENABLED"
    ) {
      return { ok: false, status: code === "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE" ? 429 : 401, formError: messages.challengeExpired, restart: true };
    }
    return unexpected(error, "échec inattendu de la vérification du second facteur");
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The second-factor page: enrolment, and turning it off for plain users

export type SecondFactorSettings = {
  /** Lawyers and admins: enrolment is mandatory and cannot be undone by the person. */
  required: boolean;
} & (
  | { state: "off" }
  | { state: "setup"; manualKey: string; qrCode: string; account: string; otpauthUri: string }
  | { state: "on" }
);

interface StoredSecondFactor {
  enabled: boolean;
  row: { id: string; secret: string; verified: boolean | null } | undefined;
}

async function storedSecondFactor(userId: string): Promise<StoredSecondFactor> {
  const [user, row] = await Promise.all([
    db().selectFrom("user").select("twoFactorEnabled").where("id", "=", userId).executeTakeFirst(),
    db().selectFrom("twoFactor").select(["id", "secret", "verified"]).where("userId", "=", userId).executeTakeFirst(),
  ]);
  return { enabled: Boolean(user?.twoFactorEnabled), row };
}

function stateOf(stored: StoredSecondFactor): SecondFactorSettings["state"] {
  if (stored.enabled) return "on";
  return stored.row?.verified === false ? "setup" : "off";
}

/** What the second-factor page shows to the acting person: nothing to see for anyone else. */
export async function secondFactorSettings(actor: Actor): Promise<SecondFactorSettings> {
  assertSignedIn(actor);
  const stored = await storedSecondFactor(actor.userId);
  const required = isStaff(actor.role);
  const state = stateOf(stored);
  if (state !== "setup" || !stored.row) return { required, state: state === "setup" ? "off" : state };
  const context = await auth().$context;
  const secret = await symmetricDecrypt({ key: context.secretConfig, data: stored.row.secret });
  const uri = createOTP(secret, { digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS }).url(ISSUER, actor.email);
  return {
    required,
    state: "setup",
    manualKey: groupManualKey(base32.encode(secret, { padding: false })),
    qrCode: await qrCodeDataUri(uri),
    account: actor.email,
    otpauthUri: uri,
  };
}

export type SecondFactorChange =
  | { ok: true; intent: "start"; headers: Headers }
  | { ok: true; intent: "confirm"; headers: Headers; recoveryCodes: string[] }
  | { ok: true; intent: "disable"; headers: Headers }
  | Failure;

/** The forms of the second-factor page: start enrolment, confirm it with a code, or (plain users) turn it off. */
export async function changeSecondFactor(actor: Actor, input: TwoFactorSettingsInput, request: Request): Promise<SecondFactorChange> {
  assertSignedIn(actor);
  if (!(await allowAttempt(actor.userId, actor.clientAddress))) {
    logger.warn({ userId: actor.userId }, "double authentification : trop de tentatives");
    return { ok: false, status: 429, formError: messages.tooManyAttempts };
  }
  try {
    if (input.intent === "start") return await startEnrolment(actor, input.password, request);
    if (input.intent === "confirm") return await confirmEnrolment(actor, input.code, request);
    return await disableSecondFactor(actor, input.password, input.code, request);
  } catch (error) {
    return unexpected(error, "échec inattendu d'une modification de la double authentification");
  }
}

/**
 * Checks the password and stores a new, not yet active TOTP secret (better-auth encrypts it). Starting again
 * replaces the secret; TOTP is switched on only by confirmEnrolment.
 */
async function startEnrolment(actor: UserActor, password: string, request: Request): Promise<SecondFactorChange> {
  const stored = await storedSecondFactor(actor.userId);
  if (stored.enabled) return { ok: false, status: 409, formError: messages.alreadyEnabled };
  // A row left verified while the account is off (a partial reset) would make better-auth refuse a new secret.
  if (stored.row && stored.row.verified !== false) await db().deleteFrom("twoFactor").where("userId", "=", actor.userId).execute();
  try {
    // The recovery codes it returns are shown only after confirmation, read back then.
    await auth().api.enableTwoFactor({ body: { password }, headers: request.headers });
  } catch (error) {
    if (apiErrorCode(error) === "INVALID_PASSWORD") return { ok: false, status: 400, fieldErrors: { password: messages.wrongPassword } };
    if (apiErrorCode(error) === "TOTP_ALREADY_ENABLED") return { ok: false, status: 409, formError: messages.alreadyEnabled };
    throw error;
  }
  logger.info({ userId: actor.userId }, "double authentification : activation commencée");
  return { ok: true, intent: "start", headers: new Headers() };
}

/**
 * A right code from the app switches TOTP on. better-auth then replaces the session; every other session of the
 * account ends too (it was opened with the password alone). The recovery codes are returned this once.
 */
async function confirmEnrolment(actor: UserActor, code: string, request: Request): Promise<SecondFactorChange> {
  const stored = await storedSecondFactor(actor.userId);
  const state = stateOf(stored);
  if (state === "on") return { ok: false, status: 409, formError: messages.alreadyEnabled };
  if (state !== "setup") return { ok: false, status: 409, formError: messages.noSetupInProgress };
  if ((await claimCodeStep(actor.userId, code)) === "replayed") return { ok: false, status: 400, fieldErrors: { code: messages.codeAlreadyUsed } };
  let headers: Headers;
  try {
    ({ headers } = await auth().api.verifyTOTP({ body: { code }, headers: request.headers, returnHeaders: true }));
  } catch (error) {
    if (apiErrorCode(error) === "INVALID_CODE") return { ok: false, status: 400, fieldErrors: { code: messages.wrongCode } };
    throw error;
  }
  const { backupCodes } = await auth().api.viewBackupCodes({ body: { userId: actor.userId } });
  const cookies = sessionCookies(headers);
  const newToken = sessionTokenFrom(cookies);
  let ending = db().deleteFrom("session").where("userId", "=", actor.userId);
  if (newToken) ending = ending.where("token", "<>", newToken);
  await ending.execute();
  await clearAttempts(db(), attemptKey(actor.userId));
  logger.info({ userId: actor.userId }, "double authentification activée");
  return { ok: true, intent: "confirm", headers: cookies, recoveryCodes: backupCodes };
}

/** Plain users only, with their password and a code (from the app, or a recovery code). */
async function disableSecondFactor(actor: UserActor, password: string, code: string, request: Request): Promise<SecondFactorChange> {
  if (isStaff(actor.role)) return { ok: false, status: 403, formError: messages.requiredForStaff };
  const stored = await storedSecondFactor(actor.userId);
  if (!stored.enabled) return { ok: false, status: 409, formError: messages.notEnabled };

  // The password first: a wrong one must not spend a recovery code.
  if (!(await passwordMatches(actor.userId, password))) {
    return { ok: false, status: 400, fieldErrors: { password: messages.wrongPassword } };
  }
  if (/^\d+$/.test(code) && (await claimCodeStep(actor.userId, code)) === "replayed") {
    return { ok: false, status: 400, fieldErrors: { code: messages.codeAlreadyUsed } };
  }
  try {
    if (/^\d+$/.test(code)) await auth().api.verifyTOTP({ body: { code }, headers: request.headers });
    else await auth().api.verifyBackupCode({ body: { code, disableSession: true }, headers: request.headers });
  } catch (error) {
    const failure = apiErrorCode(error);
    if (failure === "INVALID_CODE") return { ok: false, status: 400, fieldErrors: { code: messages.wrongCode } };
    if (failure === "INVALID_BACKUP_CODE") return { ok: false, status: 400, fieldErrors: { code: messages.wrongRecoveryCode } };
    throw error;
  }
  const { headers } = await auth().api.disableTwoFactor({ body: { password }, headers: request.headers, returnHeaders: true });
  await clearAttempts(db(), attemptKey(actor.userId));
  logger.info({ userId: actor.userId }, "double authentification désactivée");
  return { ok: true, intent: "disable", headers: sessionCookies(headers) };
}

// ---------------------------------------------------------------------------------------------------------------
// A code from the app is accepted once (decision 64)

/** Steps either side of now whose codes are accepted: ±1, i.e. a phone's clock 30 s off. */
const TOTP_WINDOW_STEPS = 1;

/**
 * Spends the time step of a code from the app, before better-auth checks the code itself (and counts a wrong one):
 * - "claimed": the code is right for the current step or one either side, and that step is later than the last
 *   one accepted for the account, which it now is;
 * - "replayed": the code is right but its step is not later (the code, or a later one, was already accepted);
 * - "wrong": no step of the window gives this code (better-auth then refuses it too).
 * One UPDATE compares and writes, so two submissions of one code at the same moment cannot both be claimed.
 */
async function claimCodeStep(userId: string, code: string): Promise<"claimed" | "replayed" | "wrong"> {
  const row = await db().selectFrom("twoFactor").select("secret").where("userId", "=", userId).executeTakeFirst();
  if (!row || !new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code)) return "wrong";
  const context = await auth().$context;
  const otp = createOTP(await symmetricDecrypt({ key: context.secretConfig, data: row.secret }), {
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
  });
  const current = Math.floor(Date.now() / (TOTP_PERIOD_SECONDS * 1000));
  let matched: number | undefined;
  // Every step of the window is computed and compared, so the time taken does not tell which one matched.
  for (let step = current - TOTP_WINDOW_STEPS; step <= current + TOTP_WINDOW_STEPS; step++) {
    const expected = new TextEncoder().encode(await otp.hotp(step));
    if (constantTimeEqual(new TextEncoder().encode(code), expected)) matched = step;
  }
  if (matched === undefined) return "wrong";
  const step = matched;
  const claimed = await db()
    .updateTable("twoFactor")
    .set({ last_totp_step: step })
    .where("userId", "=", userId)
    .where((eb) => eb.or([eb("last_totp_step", "is", null), eb("last_totp_step", "<", step)]))
    .returning("id")
    .executeTakeFirst();
  return claimed ? "claimed" : "replayed";
}

export type SecondFactorConfirmation = { ok: true } | { ok: false; status: 400 | 429; reason: "wrong" | "replayed" | "too-many" };

/**
 * A signed-in staff member confirms a sensitive act (countersigning a fee agreement) with a code of their
 * authenticator app: counted against the same budgets as sign-in codes, and each code step works once.
 */
export async function confirmWithSecondFactor(actor: UserActor, code: string): Promise<SecondFactorConfirmation> {
  if (!(await allowAttempt(actor.userId, actor.clientAddress))) return { ok: false, status: 429, reason: "too-many" };
  const claimed = await claimCodeStep(actor.userId, code.replace(/\s/g, ""));
  if (claimed === "wrong") return { ok: false, status: 400, reason: "wrong" };
  if (claimed === "replayed") return { ok: false, status: 400, reason: "replayed" };
  await clearAttempts(db(), attemptKey(actor.userId));
  return { ok: true };
}

// ---------------------------------------------------------------------------------------------------------------

function attemptKey(userId: string): string {
  return `second-factor:user:${userId}`;
}

/** One attempt against the account's and the address's budgets (the sign-in limits and window). */
async function allowAttempt(userId: string, clientAddress: string): Promise<boolean> {
  const { env } = runtime();
  const { allowed } = await consumeAttempt(
    db(),
    [
      { key: `second-factor:address:${clientAddress}`, limit: env.LOGIN_ATTEMPTS_PER_ADDRESS },
      { key: attemptKey(userId), limit: env.LOGIN_ATTEMPTS_PER_EMAIL },
    ],
    env.RATE_LIMIT_WINDOW_SECONDS,
  );
  return allowed;
}

async function passwordMatches(userId: string, password: string): Promise<boolean> {
  const stored = await storedPasswordHash(userId);
  if (!stored) return false;
  const context = await auth().$context;
  return context.password.verify({ password, hash: stored });
}

/** The token of the session cookie being set (signed value "token.signature"). */
function sessionTokenFrom(headers: Headers): string | undefined {
  for (const line of headers.getSetCookie()) {
    const pair = line.split(";")[0] ?? "";
    const name = pair.slice(0, pair.indexOf("="));
    const value = decodeURIComponent(pair.slice(pair.indexOf("=") + 1));
    if (name.endsWith("session_token") && value.includes(".")) return value.slice(0, value.lastIndexOf("."));
  }
  return undefined;
}

function apiErrorCode(error: unknown): string | undefined {
  if (!(error instanceof APIError)) return undefined;
  return (error.body as { code?: string } | undefined)?.code;
}

function unexpected(error: unknown, message: string): Failure {
  logger.error({ err: error }, message);
  return { ok: false, status: 500, formError: messages.unexpected };
}
