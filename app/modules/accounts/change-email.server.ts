import { enqueueEmail } from "~/modules/notifications/notifications.server";
import { jobsEnqueued } from "~/modules/jobs/jobs.server";
import { assertUser, type Actor } from "~/platform/actor";
import { logger } from "~/platform/logger.server";
import { db } from "~/platform/runtime.server";
import { messages } from "./accounts.schema";
import { allowEmailRequest, tellOwnerOfAddress } from "./account-emails.server";
import { busyResult, HashingBusyError, storedPasswordHash, withPasswordHashing } from "./password-hashing.server";
import { auth } from "./auth-instance.server";

export type EmailChangeResult =
  | { ok: true }
  | { ok: false; status: number; fieldErrors?: Record<string, string>; formError?: string; retryAfterSeconds?: number };

/** Sends a confirmation link to the new address; the account moves to it only when the link is opened. */
export async function requestEmailChange(actor: Actor, newEmail: string, currentPassword: string): Promise<EmailChangeResult> {
  assertUser(actor);
  if (!(await allowEmailRequest("email-change", actor, actor.email))) {
    return { ok: false, status: 429, formError: messages.tooManyEmailRequests };
  }
  if (newEmail === actor.email) return { ok: false, status: 400, fieldErrors: { newEmail: messages.sameEmail } };
  const stored = await storedPasswordHash(actor.userId);
  const context = await auth().$context;
  let passwordMatches = false;
  try {
    passwordMatches = Boolean(stored) && (await withPasswordHashing(() => context.password.verify({ hash: stored!, password: currentPassword })));
  } catch (error) {
    if (error instanceof HashingBusyError) return busyResult(error);
    throw error;
  }
  if (!passwordMatches) {
    return { ok: false, status: 400, fieldErrors: { currentPassword: messages.currentPasswordWrong } };
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
