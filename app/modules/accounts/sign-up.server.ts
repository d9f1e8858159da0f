import { randomUUID } from "node:crypto";
import { jobsEnqueued } from "~/modules/jobs/jobs.server";
import { isUniqueViolation } from "~/platform/database-errors";
import type { AnonymousActor, UserActor } from "~/platform/actor";
import { logger } from "~/platform/logger.server";
import { db, runtime } from "~/platform/runtime.server";
import { consumeAttempt } from "~/platform/attempt-limiter.server";
import { messages, type SignUpInput } from "./accounts.schema";
import { enqueueConfirmationEmail, tellOwnerOfAddress } from "./account-emails.server";
import { clientKey } from "./client-key";
import { busyResult, hashingBusy, HashingBusyError, withPasswordHashing } from "./password-hashing.server";
import { auth } from "./auth-instance.server";
import { isGuessablePassword } from "./password-policy.server";
import { signIn, type AccountFailure } from "./sign-in.server";

export type AccountResult = { ok: true; headers: Headers; confirmationSentTo?: string } | AccountFailure;

export async function signUp(actor: AnonymousActor, input: SignUpInput, request: Request): Promise<AccountResult> {
  const { env } = runtime();
  const { allowed } = await consumeAttempt(
    db(),
    [
      { key: `sign-up:address:${clientKey(actor.clientAddress)}`, limit: env.SIGNUP_ATTEMPTS_PER_ADDRESS },
      { key: `sign-up:email:${input.email}`, limit: env.LOGIN_ATTEMPTS_PER_EMAIL },
    ],
    env.RATE_LIMIT_WINDOW_SECONDS,
  );
  if (!allowed) return { ok: false, status: 429, formError: messages.tooManySignUpAttempts };

  if (isGuessablePassword(input.password, [input.firstName, input.lastName, input.email])) {
    return { ok: false, status: 400, fieldErrors: { password: messages.passwordTooCommon } };
  }

  const busy = hashingBusy();
  if (busy) return busy;
  let created: Awaited<ReturnType<typeof createAccount>>;
  try {
    created = await createAccount({ ...input, role: "user", emailVerified: !env.EMAIL_VERIFICATION });
  } catch (error) {
    if (error instanceof HashingBusyError) return busyResult(error);
    throw error;
  }
  if (!created.ok) {
    // The address has an account, confirmed or not (decision 64): the answer is a new sign-up's, the password hash
    // above was made all the same, and the mailbox's owner is told to sign in or reset (which also confirms it,
    // decision 16). The account keeps its password.
    await tellOwnerOfAddress(input.email, "tentative-inscription");
    logger.info({ clientAddress: actor.clientAddress }, "inscription demandée sur une adresse déjà inscrite : titulaire prévenu");
    return { ok: true, headers: new Headers(), confirmationSentTo: input.email };
  }
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
  const passwordHash = await withPasswordHashing(() => context.password.hash(account.password));
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

