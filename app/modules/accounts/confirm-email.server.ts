import { APIError } from "better-auth/api";
import { verifyJWT } from "better-auth/crypto";
import { z } from "zod";
import { operatorIdentity } from "~/content/operator.server";
import { enqueueEmail } from "~/modules/notifications/notifications.server";
import { jobsEnqueued } from "~/modules/jobs/jobs.server";
import type { AnonymousActor, Actor } from "~/platform/actor";
import { isUniqueViolation } from "~/platform/database-errors";
import { logger } from "~/platform/logger.server";
import { db, runtime } from "~/platform/runtime.server";
import { messages } from "./accounts.schema";
import { allowEmailRequest, enqueueConfirmationEmail, siteLink, type EmailRequestResult } from "./account-emails.server";
import { auth } from "./auth-instance.server";

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
