import { APIError } from "better-auth/api";
import { assertUser, type Actor } from "~/platform/actor";
import { logger } from "~/platform/logger.server";
import { db, runtime } from "~/platform/runtime.server";
import type { FieldErrors } from "~/lib/form";
import { accountMessages, type ChangePasswordField, type ChangePasswordInput } from "./account-settings.schema";
import { messages } from "./accounts.schema";
import { sessionCookies, signOut } from "./sessions.server";
import { auth } from "./auth-instance.server";
import { clearAttempts, consumeAttempt } from "~/platform/attempt-limiter.server";
import { isGuessablePassword } from "./password-policy.server";
import { describeUserAgent } from "./user-agent";
import { type DateTimeText, dateTimeText } from "~/lib/format";
import { smsNoticeSettingsFor, type SmsNoticeSettings } from "./sms-notice-settings.server";

export { chooseSmsNotices, type SmsNoticeSettings } from "./sms-notice-settings.server";

export interface DeviceSession {
  id: string;
  /** "Chrome sur Android". */
  device: string;
  /** The client address as stored when the session began; "" when unknown. */
  ipAddress: string;
  signedInAt: DateTimeText;
  /** When better-auth last extended the session: at most a day behind the real last visit. */
  lastActiveAt: DateTimeText;
  current: boolean;
}

export interface AccountOverview {
  email: string;
  firstName: string;
  lastName: string;
  /** When the password was last set (the credential row's last update). */
  passwordChangedAt: DateTimeText | null;
  /** The current session first, then the most recently active. */
  sessions: DeviceSession[];
  /** Notices by SMS (decision 0087); null when no provider is configured. */
  smsNotices: SmsNoticeSettings | null;
}

/** "::ffff:203.0.113.7", as Node reports IPv4 clients on a dual-stack socket, reads "203.0.113.7". */
function readableAddress(address: string | null): string {
  if (!address || address === "unknown") return "";
  return address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, "");
}

/** The acting user's details and unexpired sessions, as the account page shows them. */
export async function accountOverviewFor(actor: Actor): Promise<AccountOverview> {
  assertUser(actor);
  const credential = await db()
    .selectFrom("account")
    .select("updatedAt")
    .where("userId", "=", actor.userId)
    .where("providerId", "=", "credential")
    .executeTakeFirst();
  const rows = await db()
    .selectFrom("session")
    .select(["id", "ipAddress", "userAgent", "createdAt", "updatedAt"])
    .where("userId", "=", actor.userId)
    .where("expiresAt", ">", new Date())
    .orderBy("updatedAt", "desc")
    .orderBy("createdAt", "desc")
    .execute();
  const sessions = rows.map((row) => ({
    id: row.id,
    device: describeUserAgent(row.userAgent),
    ipAddress: readableAddress(row.ipAddress),
    signedInAt: dateTimeText(row.createdAt),
    lastActiveAt: dateTimeText(row.updatedAt),
    current: row.id === actor.sessionId,
  }));
  sessions.sort((a, b) => Number(b.current) - Number(a.current));
  return {
    email: actor.email,
    firstName: actor.firstName,
    lastName: actor.lastName,
    passwordChangedAt: credential ? dateTimeText(credential.updatedAt) : null,
    sessions,
    smsNotices: await smsNoticeSettingsFor(actor),
  };
}

export type ChangePasswordResult =
  | { ok: true; headers: Headers }
  | { ok: false; status: number; formError?: string; fieldErrors?: FieldErrors<ChangePasswordField> };

/**
 * Changes the acting user's password when the current one is right, and ends every other session.
 * better-auth replaces the current session by a new one: the returned headers carry its cookie.
 */
export async function changePassword(actor: Actor, input: ChangePasswordInput, request: Request): Promise<ChangePasswordResult> {
  assertUser(actor);
  if (isGuessablePassword(input.newPassword, [actor.firstName, actor.lastName, actor.email])) {
    return { ok: false, status: 400, fieldErrors: { newPassword: messages.passwordTooCommon } };
  }

  // Counted before the check, like a sign-in: a stolen session cannot be used to guess the password.
  const { env } = runtime();
  const attemptKey = `change-password:user:${actor.userId}`;
  const { allowed } = await consumeAttempt(
    db(),
    [{ key: attemptKey, limit: env.LOGIN_ATTEMPTS_PER_EMAIL }],
    env.RATE_LIMIT_WINDOW_SECONDS,
  );
  if (!allowed) {
    logger.warn({ userId: actor.userId }, "changement de mot de passe refusé : trop de tentatives");
    return { ok: false, status: 429, formError: accountMessages.tooManyPasswordAttempts };
  }

  try {
    const { headers, response } = await auth().api.changePassword({
      body: { currentPassword: input.currentPassword, newPassword: input.newPassword, revokeOtherSessions: true },
      headers: request.headers,
      returnHeaders: true,
    });
    if (response.user.id !== actor.userId) throw new Error("changePassword answered for another user");
    await clearAttempts(db(), attemptKey);
    logger.info({ userId: actor.userId }, "mot de passe modifié, autres sessions terminées");
    return { ok: true, headers: sessionCookies(headers) };
  } catch (error) {
    if (error instanceof APIError) {
      const code = (error.body as { code?: string } | undefined)?.code;
      if (code === "INVALID_PASSWORD") {
        return { ok: false, status: 400, fieldErrors: { currentPassword: accountMessages.currentPasswordWrong } };
      }
      if (error.statusCode === 401) return { ok: false, status: 401, formError: accountMessages.sessionExpired };
    }
    logger.error({ err: error, userId: actor.userId }, "échec inattendu du changement de mot de passe");
    return { ok: false, status: 500, formError: accountMessages.unexpected };
  }
}

export type EndSessionResult = { ok: true; signedOut: false } | { ok: true; signedOut: true; headers: Headers } | { ok: false; status: 404 };

/**
 * Ends one session of the acting user. A session of anyone else is "not found" and stays untouched.
 * Ending the current one is signing out of this browser.
 */
export async function endSession(actor: Actor, sessionId: string, request: Request): Promise<EndSessionResult> {
  assertUser(actor);
  if (sessionId === actor.sessionId) return { ok: true, signedOut: true, headers: await signOut(actor, request) };
  const deleted = await db()
    .deleteFrom("session")
    .where("id", "=", sessionId)
    .where("userId", "=", actor.userId)
    .executeTakeFirst();
  if (deleted.numDeletedRows === 0n) return { ok: false, status: 404 };
  logger.info({ userId: actor.userId }, "session d'un autre appareil terminée");
  return { ok: true, signedOut: false };
}

/** Ends every session of the acting user, this one included; the headers clear this browser's cookie. */
export async function endAllSessions(actor: Actor, request: Request): Promise<Headers> {
  assertUser(actor);
  const deleted = await db().deleteFrom("session").where("userId", "=", actor.userId).executeTakeFirst();
  logger.info({ userId: actor.userId, sessions: Number(deleted.numDeletedRows) }, "déconnexion de tous les appareils");
  return signOut(actor, request);
}
