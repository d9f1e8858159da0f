import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { sql } from "kysely";
import { checkCurrentPassword, confirmWithSecondFactor } from "~/modules/accounts/accounts.server";
import { recordStaffAction } from "~/modules/audit/audit.server";
import { publicLink, withHistoryContext } from "~/modules/cases/case-history.server";
import { enqueueJob, jobsEnqueued } from "~/modules/jobs/jobs.server";
import { enqueueEmail } from "~/modules/notifications/notifications.server";
import { NotFoundError, type Actor } from "~/platform/actor";
import type { Executor, FeeAgreementState } from "~/platform/database-schema";
import { db, runtime } from "~/platform/runtime.server";
import { agreementOfCase, identityReference, partyAccess, type Failure, type RequestOrigin } from "./agreement-shared.server";
import {
  agreementMessages as messages,
  SIGNING_CODE_MINUTES,
  SIGNING_CODE_TRIES,
  type ClientSignatureInput,
  type CountersignatureInput,
} from "./agreements.schema";
import { SEAL_AGREEMENT_JOB } from "./seal-agreement.server";

// The client's signature (an e-mailed code, then password and code) and the lawyer's countersignature.

const CODE_REQUESTS_PER_HOUR = 5;

function codeDigest(agreementId: string, code: string): string {
  return createHmac("sha256", runtime().authSecret).update(`fee-agreement-code|${agreementId}|${code}`).digest("hex");
}

export type CodeRequestResult = { ok: true; expiresAt: string } | Failure;

/** Sends the client a 6-digit code for this agreement (10 minutes, 5 tries); a new one replaces the previous. */
export async function requestSigningCode(actor: Actor, caseId: string, agreementId: string, now: Date = new Date()): Promise<CodeRequestResult> {
  const result = await db()
    .transaction()
    .execute(async (trx): Promise<CodeRequestResult> => {
      const access = await partyAccess(actor, caseId, "owner", trx);
      const agreement = await trx
        .selectFrom("fee_agreements")
        .select(["id", "state"])
        .where("id", "=", agreementId)
        .where("case_id", "=", access.caseId)
        .forUpdate()
        .executeTakeFirst();
      if (!agreement) throw new NotFoundError();
      if (agreement.state !== "proposed") return { ok: false, status: 409, formError: messages.changed };
      const recent = await trx
        .selectFrom("fee_agreement_codes")
        .select(sql<number>`count(*)::int`.as("n"))
        .where("agreement_id", "=", agreement.id)
        .where("created_at", ">", new Date(now.getTime() - 3600_000))
        .executeTakeFirstOrThrow();
      if (recent.n >= CODE_REQUESTS_PER_HOUR) {
        return { ok: false, status: 429, formError: "Vous avez demandé trop de codes. Réessayez dans une heure." };
      }
      const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
      const expiresAt = new Date(now.getTime() + SIGNING_CODE_MINUTES * 60_000);
      // One usable code at a time: asking again retires the previous one.
      await trx.updateTable("fee_agreement_codes").set({ used_at: now }).where("agreement_id", "=", agreement.id).where("used_at", "is", null).execute();
      await trx
        .insertInto("fee_agreement_codes")
        .values({ agreement_id: agreement.id, user_id: access.actor.userId, code_hash: codeDigest(agreement.id, code), expires_at: expiresAt, created_at: now })
        .execute();
      await enqueueEmail(trx, {
        to: access.actor.email,
        template: "convention-code",
        variables: { prenom: access.actor.firstName, numero_dossier: access.caseNumber, code },
        secret: ["code"],
      });
      return { ok: true, expiresAt: expiresAt.toISOString() };
    });
  if (result.ok) jobsEnqueued();
  return result;
}

type CodeCheck = "ok" | "wrong" | "expired" | "too-many";

/** Spends one try of the client's latest code; a right code is used up at once. */
async function checkSigningCode(trx: Executor, agreementId: string, userId: string, code: string, now: Date): Promise<CodeCheck> {
  const latest = await trx
    .selectFrom("fee_agreement_codes")
    .select(["id", "code_hash", "attempts", "expires_at", "used_at"])
    .where("agreement_id", "=", agreementId)
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
  if (!latest || latest.used_at !== null || latest.expires_at <= now) return "expired";
  if (latest.attempts >= SIGNING_CODE_TRIES) return "too-many";
  const expected = Buffer.from(latest.code_hash, "hex");
  const given = Buffer.from(codeDigest(agreementId, code), "hex");
  const matches = expected.length === given.length && timingSafeEqual(expected, given);
  await trx
    .updateTable("fee_agreement_codes")
    .set({ attempts: latest.attempts + 1, ...(matches ? { used_at: now } : {}) })
    .where("id", "=", latest.id)
    .execute();
  if (matches) return "ok";
  return latest.attempts + 1 >= SIGNING_CODE_TRIES ? "too-many" : "wrong";
}

/**
 * In the signing transaction: the party's access checked again, the agreement locked; null unless it is still in
 * `state` with the document the signer read.
 */
async function lockedToSign(trx: Executor, actor: Actor, caseId: string, party: "owner" | "lawyer", agreementId: string, state: FeeAgreementState, documentSha256: string) {
  const access = await partyAccess(actor, caseId, party, trx);
  const locked = await agreementOfCase(trx, access.caseId, agreementId, true);
  return locked.state === state && locked.document_sha256 === documentSha256 ? locked : null;
}

export type SignResult = { ok: true } | Failure;

/**
 * The client signs: the document they read must be the current proposal (else "La convention a changé, relisez-la"),
 * they consent, re-enter their password and the emailed code. The signature's evidence is recorded; the lawyer is
 * told to countersign.
 */
export async function signAsClient(actor: Actor, caseId: string, input: ClientSignatureInput, origin: RequestOrigin, now: Date = new Date()): Promise<SignResult> {
  const access = await partyAccess(actor, caseId, "owner");
  const agreement = await agreementOfCase(db(), access.caseId, input.agreementId);
  if (agreement.state !== "proposed" || agreement.document_sha256 !== input.documentSha256) return { ok: false, status: 409, formError: messages.changed };
  const identity = await db().selectFrom("profiles").select(["identity_verified", "first_name", "last_name"]).where("id", "=", access.ownerId).executeTakeFirstOrThrow();
  if (!identity.identity_verified) return { ok: false, status: 409, formError: "Votre identité doit être vérifiée avant de signer la convention." };
  const password = await checkCurrentPassword(access.actor, input.password, "signature-convention");
  if (!password.ok) {
    if (password.reason === "busy") return { ok: false, status: 503, formError: "Le service est très sollicité. Réessayez dans quelques secondes\u202f: rien n'est perdu." };
    if (password.reason === "too-many") return { ok: false, status: 429, formError: "Trop d'essais de mot de passe. Réessayez plus tard." };
    return { ok: false, status: 400, fieldErrors: { password: "Mot de passe incorrect." } };
  }
  const result = await db()
    .transaction()
    .execute(async (trx): Promise<SignResult> => {
      const locked = await lockedToSign(trx, actor, caseId, "owner", agreement.id, "proposed", input.documentSha256);
      if (!locked) return { ok: false, status: 409, formError: messages.changed };
      const code = await checkSigningCode(trx, locked.id, access.actor.userId, input.code, now);
      if (code === "expired") return { ok: false, status: 400, fieldErrors: { code: messages.codeExpired } };
      if (code === "too-many") return { ok: false, status: 429, fieldErrors: { code: messages.codeTooManyTries } };
      if (code === "wrong") return { ok: false, status: 400, fieldErrors: { code: messages.codeWrong } };
      await trx
        .insertInto("fee_agreement_signatures")
        .values({
          agreement_id: locked.id,
          role: "client",
          signer_id: access.actor.userId,
          full_name: `${identity.first_name} ${identity.last_name}`,
          identity_reference: await identityReference(trx, access.ownerId),
          email: access.actor.email,
          ip_address: origin.ipAddress,
          user_agent: origin.userAgent.slice(0, 500),
          method: "password-email-code",
          document_sha256: locked.document_sha256,
          consented_at: now,
          early_start_requested: input.earlyStart,
        })
        .execute();
      await withHistoryContext(trx, { actorId: access.actor.userId }, () =>
        trx.updateTable("fee_agreements").set({ state: "signed", client_signed_at: now, early_start_requested: input.earlyStart }).where("id", "=", locked.id).execute(),
      );
      const lawyer = locked.lawyer_id ? await trx.selectFrom("profiles").select(["email", "last_name"]).where("id", "=", locked.lawyer_id).executeTakeFirst() : undefined;
      if (lawyer) {
        await enqueueEmail(trx, {
          to: lawyer.email,
          template: "convention-signee-client",
          variables: { nom: lawyer.last_name, numero_dossier: access.caseNumber, lien: publicLink(`/case/${access.caseId}/convention`) },
        });
      }
      return { ok: true };
    });
  if (result.ok) jobsEnqueued();
  return result;
}

export type CountersignResult = { ok: true } | Failure;

/** The lawyer countersigns with their second factor; the seal follows in a job, and only then is the agreement active. */
export async function countersign(actor: Actor, caseId: string, input: CountersignatureInput, origin: RequestOrigin, now: Date = new Date()): Promise<CountersignResult> {
  const access = await partyAccess(actor, caseId, "lawyer");
  const agreement = await agreementOfCase(db(), access.caseId, input.agreementId);
  if (agreement.state !== "signed" || agreement.document_sha256 !== input.documentSha256) return { ok: false, status: 409, formError: messages.notPossible };
  const confirmation = await confirmWithSecondFactor(access.actor, input.code);
  if (!confirmation.ok) {
    if (confirmation.reason === "too-many") return { ok: false, status: 429, formError: "Trop d'essais. Réessayez dans quelques minutes." };
    return { ok: false, status: 400, fieldErrors: { code: confirmation.reason === "replayed" ? "Ce code a déjà servi. Attendez le code suivant de votre application." : messages.totpWrong } };
  }
  const result = await db()
    .transaction()
    .execute(async (trx): Promise<CountersignResult> => {
      const locked = await lockedToSign(trx, actor, caseId, "lawyer", agreement.id, "signed", input.documentSha256);
      if (!locked) return { ok: false, status: 409, formError: messages.notPossible };
      const lawyer = await trx.selectFrom("profiles").select(["first_name", "last_name", "bar_name", "bar_number"]).where("id", "=", access.actor.userId).executeTakeFirstOrThrow();
      await trx
        .insertInto("fee_agreement_signatures")
        .values({
          agreement_id: locked.id,
          role: "lawyer",
          signer_id: access.actor.userId,
          full_name: `Maître ${lawyer.first_name} ${lawyer.last_name}`,
          identity_reference: `Avocat au ${lawyer.bar_name ?? "barreau non renseigné"}, n°\u00a0${lawyer.bar_number ?? "non renseigné"}, compte Recours vérifié par double authentification`,
          email: access.actor.email,
          ip_address: origin.ipAddress,
          user_agent: origin.userAgent.slice(0, 500),
          method: "totp",
          document_sha256: locked.document_sha256,
          consented_at: now,
        })
        .execute();
      await withHistoryContext(trx, { actorId: access.actor.userId }, () =>
        trx.updateTable("fee_agreements").set({ state: "countersigned", lawyer_signed_at: now }).where("id", "=", locked.id).execute(),
      );
      await recordStaffAction(trx, access.actor, { action: "agreement.countersigned", targetType: "case", targetId: access.caseId, after: { agreementId: locked.id } });
      await enqueueJob(trx, { kind: SEAL_AGREEMENT_JOB, payload: { agreementId: locked.id }, maxAttempts: 10 });
      return { ok: true };
    });
  if (result.ok) jobsEnqueued();
  return result;
}
