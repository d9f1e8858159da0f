import { createHash } from "node:crypto";
import { enqueueEmail } from "~/modules/notifications/notifications.server";
import { jobsEnqueued } from "~/modules/jobs/jobs.server";
import type { Executor } from "~/platform/database-schema";
import type { AnonymousActor, UserActor } from "~/platform/actor";
import { db, runtime } from "~/platform/runtime.server";
import { consumeAttempt } from "~/platform/attempt-limiter.server";
import { clientKey } from "./client-key";

// Private to the accounts module: the links, emails and limits its email use cases share.

export function publicLink(path: string, token: string): string {
  return `${siteLink(path)}?token=${encodeURIComponent(token)}`;
}

export function siteLink(path: string): string {
  return `${runtime().env.PUBLIC_URL}${path}`;
}

/**
 * Tells the owner of a registered address that someone tried to use it (decision 64) — a sign-up, or moving another
 * account to it — with the sign-in and reset pages; nothing when no account has it (a race lost to a deletion).
 */
export async function tellOwnerOfAddress(email: string, template: "tentative-inscription" | "adresse-deja-utilisee"): Promise<void> {
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
export async function enqueueConfirmationEmail(
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

/** Limits requests that send an email to an address: per address and per client. */
export async function allowEmailRequest(kind: string, actor: AnonymousActor | UserActor, email: string): Promise<boolean> {
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

/** better-auth keeps verification identifiers hashed (verification.storeIdentifier = "hashed"). */
export function storedIdentifier(identifier: string): string {
  return createHash("sha256").update(identifier).digest("base64url");
}

export async function enqueuePasswordReset(executor: Executor, user: { id: string; email: string; firstName: string }) {
  await enqueueEmail(executor, {
    to: user.email,
    template: "reinitialisation-mot-de-passe",
    variables: { prenom: user.firstName },
    personalLink: { kind: "reset-password", userId: user.id },
  });
}
