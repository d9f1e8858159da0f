import { enqueueEmail } from "~/modules/notifications/notifications.server";
import { jobsEnqueued } from "~/modules/jobs/jobs.server";
import type { Actor, UserActor } from "~/platform/actor";
import { assertRole, NotFoundError } from "~/platform/actor";
import { recordStaffAction } from "~/modules/audit/audit.server";
import type { AccountSecurityAction, Executor } from "~/platform/database-schema";
import { logger } from "~/platform/logger.server";
import { db } from "~/platform/runtime.server";
import { enqueuePasswordReset } from "./account-emails.server";

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
  "sessions-ended": "toutes vos sessions ont été terminées\u202f; reconnectez-vous.",
  "second-factor-reset": "votre double authentification a été réinitialisée\u202f; vous la configurerez de nouveau à votre prochaine connexion.",
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
