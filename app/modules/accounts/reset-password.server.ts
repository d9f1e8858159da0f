import { APIError } from "better-auth/api";
import { jobsEnqueued } from "~/modules/jobs/jobs.server";
import type { AnonymousActor } from "~/platform/actor";
import { logger } from "~/platform/logger.server";
import { db } from "~/platform/runtime.server";
import { messages } from "./accounts.schema";
import { allowEmailRequest, enqueuePasswordReset, storedIdentifier, type EmailRequestResult } from "./account-emails.server";
import { busyResult, HashingBusyError, withPasswordHashing } from "./password-hashing.server";
import { auth } from "./auth-instance.server";
import { isGuessablePassword } from "./password-policy.server";
import { clearSignInCounts } from "./sign-in.server";

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
    return { ok: false, status: 400, fieldErrors: { password: messages.passwordTooCommon } };
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
