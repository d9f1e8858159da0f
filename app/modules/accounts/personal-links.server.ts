import { randomBytes, randomUUID } from "node:crypto";
import { createEmailVerificationToken } from "better-auth/api";
import type { PersonalLinkBuilder } from "~/modules/notifications/notifications.server";
import { runtime } from "~/platform/runtime.server";
import { publicLink, storedIdentifier } from "./account-emails.server";

const CONFIRMATION_LINK_SECONDS = 24 * 60 * 60;
const RESET_LINK_SECONDS = 60 * 60;

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
