import { randomUUID } from "node:crypto";
import { sql, type Kysely, type Transaction } from "kysely";
import { auth } from "~/modules/accounts/auth-instance.server";
import { checkCurrentPassword } from "~/modules/accounts/accounts.server";
import { HashingBusyError } from "~/modules/accounts/password-hashing.server";
import { publicLink, withHistoryContext } from "~/modules/cases/case-history.server";
import { enqueueJob, jobsEnqueued } from "~/modules/jobs/jobs.server";
import { enqueueEmail } from "~/modules/notifications/notifications.server";
import { forgetSmsNotices } from "~/modules/notifications/sms-preferences.server";
import { dateTimeText, formatDateTime, type DateTimeText } from "~/lib/format";
import { assertRole, assertUser, type Actor } from "~/platform/actor";
import type { Database } from "~/platform/database-schema";
import { logger } from "~/platform/logger.server";
import { db } from "~/platform/runtime.server";
import {
  accountDeletionMessages,
  ACTIVE_CASE_STATUSES,
  DELETED_ACCOUNT_NAME,
  DELETED_EMAIL_DOMAIN,
  type AccountDeletionInput,
} from "./account-deletion.schema";
import { DELETED_FILES_SWEEP_JOB } from "./file-sweep.server";
import { retentionRules } from "./retention";

export const DELETED_CASE_REASON = "compte-supprime";

export interface BlockingCase {
  caseNumber: string;
  lawyerName: string | null;
}

/** How long the legal file of a case is kept, as the receipts say it (the retention rule the purge applies). */
function closedCaseRetention(): string {
  return retentionRules().find((rule) => rule.key === "closed-cases")!.duration;
}

export type DeletionOutcome =
  | { kind: "deleted"; filesMarked: number; casesKept: number }
  | { kind: "already-deleted" }
  | { kind: "blocked"; cases: BlockingCase[]; lawyersNotified: number };

/**
 * Deletes one client account inside the caller's transaction (decision 0047). The profile row is locked first, so
 * an upload committing for this person waits and then sees the account gone (receiveUpload checks under the same
 * lock). With a case in progress with a lawyer nothing is deleted: a 'waiting' request is recorded once and each
 * lawyer concerned is emailed once. Otherwise, at once: every file the person owns is marked for deletion (the
 * sweep deletes the objects, then the rows: a crash leaves marked rows, never an orphan object) except the fee
 * agreements' PDFs, kept with the legal file until the case's purge; identity
 * documents and drafts deleted, other cases closed, the profile and user rows pseudonymised, sessions, password,
 * second factor and tokens deleted, emails to the person emptied. Idempotent: a deleted account is left alone.
 */
export async function deleteAccountIn(
  trx: Transaction<Database>,
  userId: string,
  options: { now: Date; origin: "person" | "inactivity" },
): Promise<DeletionOutcome> {
  const { now } = options;
  const profile = await trx
    .selectFrom("profiles")
    .select(["id", "email", "first_name", "last_name", "role", "deleted_at"])
    .where("id", "=", userId)
    .forUpdate()
    .executeTakeFirst();
  if (!profile || profile.deleted_at) return { kind: "already-deleted" };
  if (profile.role !== "user") throw new Error("seul un compte client peut être supprimé ainsi");

  const active = await trx
    .selectFrom("cases")
    .leftJoin("profiles as lawyer", "lawyer.id", "cases.assigned_lawyer_id")
    .select(["cases.case_number", "lawyer.id as lawyer_id", "lawyer.email as lawyer_email", "lawyer.first_name as lawyer_first", "lawyer.last_name as lawyer_last"])
    .where("cases.user_id", "=", userId)
    .where("cases.status", "in", [...ACTIVE_CASE_STATUSES])
    .orderBy("cases.case_number")
    .execute();
  if (active.length > 0) {
    const cases = active.map((row) => ({
      caseNumber: row.case_number,
      lawyerName: row.lawyer_first ? `Maître ${row.lawyer_first} ${row.lawyer_last}` : null,
    }));
    const inserted = await trx
      .insertInto("account_deletion_requests")
      .values({ user_id: userId, origin: options.origin, status: "waiting", blocking_cases: cases.map((c) => c.caseNumber), requested_at: now })
      .onConflict((oc) => oc.column("user_id").where("status", "=", "waiting").doNothing())
      .returning("id")
      .executeTakeFirst();
    let lawyersNotified = 0;
    // One email per lawyer and case for a new request; asking again does not email the lawyer again.
    if (inserted) {
      for (const row of active) {
        if (!row.lawyer_email) continue;
        await enqueueEmail(trx, {
          to: row.lawyer_email,
          template: "suppression-compte-dossier-en-cours",
          variables: {
            prenom: row.lawyer_first ?? "",
            client: `${profile.first_name} ${profile.last_name}`,
            dossier: row.case_number,
            lien: publicLink("/avocat/dossiers"),
          },
        });
        lawyersNotified += 1;
      }
      // Issue 29: the person's receipt. Nothing sensitive (no name, no case number); a repeated request sends none.
      if (options.origin === "person") {
        await enqueueEmail(trx, {
          to: profile.email,
          template: "suppression-compte-demandee",
          variables: { date: formatDateTime(now), duree: closedCaseRetention(), lien: publicLink("/compte/suppression") },
        });
      }
    }
    return { kind: "blocked", cases, lawyersNotified };
  }

  const pseudonym = `supprime-${randomUUID()}@${DELETED_EMAIL_DOMAIN}`;

  // Files: marked, so no link opens them any more; the sweep deletes objects then rows. The fee agreements' PDFs are
  // the legal file's (kept with the case, marked by its purge).
  const marked = await trx
    .updateTable("stored_files")
    .set({ deletion_requested_at: now })
    .where("owner_id", "=", userId)
    .where("deletion_requested_at", "is", null)
    .where((eb) => eb.not(eb.exists(eb.selectFrom("fee_agreement_documents as d").select("d.id").whereRef("d.file_id", "=", "stored_files.id"))))
    // Invoices and credit notes are kept 10 years whatever happens to the account (Code de commerce L123-22).
    .where((eb) => eb.not(eb.exists(eb.selectFrom("invoice_documents as v").select("v.invoice_id").whereRef("v.file_id", "=", "stored_files.id"))))
    .returning("id")
    .execute();
  const ownedFiles = trx.selectFrom("stored_files").select("id").where("owner_id", "=", userId);
  // A chat message keeps its text; its attachment goes (the sweep could not delete a file a message still names).
  await trx
    .updateTable("case_chat_messages")
    .set({
      file_id: null,
      file_name: null,
      message: sql<string>`CASE WHEN btrim(message) = '' THEN 'Pièce jointe supprimée avec le compte de son auteur' ELSE message END`,
    })
    .where("file_id", "in", ownedFiles)
    .execute();
  await trx.deleteFrom("case_evidence").where("stored_file_id", "in", ownedFiles).execute();
  await trx.deleteFrom("identity_verification_documents").where("user_id", "=", userId).execute();
  await trx.deleteFrom("identity_verification_status").where("user_id", "=", userId).execute();

  // Drafts were never sent: nothing to keep. Other cases are closed and kept as the legal file.
  await trx.deleteFrom("cases").where("user_id", "=", userId).where("status", "=", "draft").execute();
  await withHistoryContext(trx, { actorId: null, systemReason: DELETED_CASE_REASON }, () =>
    trx.updateTable("cases").set({ status: "closed" }).where("user_id", "=", userId).where("status", "<>", "closed").execute(),
  );
  const kept = await trx.selectFrom("cases").select((eb) => eb.fn.countAll<string>().as("count")).where("user_id", "=", userId).executeTakeFirstOrThrow();
  await trx
    .updateTable("case_chat_summaries")
    .set({ last_file_name: null })
    .where("case_id", "in", trx.selectFrom("cases").select("id").where("user_id", "=", userId))
    .execute();

  await trx
    .updateTable("profiles")
    .set({
      email: pseudonym,
      first_name: DELETED_ACCOUNT_NAME.first,
      last_name: DELETED_ACCOUNT_NAME.last,
      birth_date_sealed: null,
      nif_sealed: null,
      fields_key_id: null,
      fields_wrapped_key: null,
      phone_mobile: null,
      phone_fixed: null,
      address: null,
      city: null,
      postal_code: null,
      department: null,
      assigned_lawyer_id: null,
      identity_verified: false,
      profile_completed: false,
      deleted_at: now,
    })
    .where("id", "=", userId)
    .execute();
  await trx
    .updateTable("user")
    .set({ email: pseudonym, name: `${DELETED_ACCOUNT_NAME.first} ${DELETED_ACCOUNT_NAME.last}`, emailVerified: false, image: null, twoFactorEnabled: false, updatedAt: now })
    .where("id", "=", userId)
    .execute();
  await trx.deleteFrom("session").where("userId", "=", userId).execute();
  await trx.deleteFrom("account").where("userId", "=", userId).execute();
  await trx.deleteFrom("twoFactor").where("userId", "=", userId).execute();
  // Reset and confirmation tokens name the account or its old address.
  await trx
    .deleteFrom("verification")
    .where((eb) => eb.or([eb("value", "like", `%${userId}%`), eb("value", "like", `%${profile.email}%`), eb("identifier", "like", `%${profile.email}%`)]))
    .execute();
  await trx.deleteFrom("account_inactivity").where("user_id", "=", userId).execute();
  await trx.deleteFrom("chat_unread_notices").where("recipient_id", "=", userId).execute();
  await forgetSmsNotices(trx, userId);
  // Decision 84: a deleted lawyer's published contacts stop answering on /verifier-un-contact; the call codes' uses go.
  await trx.deleteFrom("lawyer_public_contacts").where("lawyer_id", "=", userId).execute();
  await trx.deleteFrom("call_code_uses").where("client_id", "=", userId).execute();
  // Emails not sent yet are dropped; the log of those sent keeps its line under the pseudonym, without the body.
  await sql`DELETE FROM jobs WHERE kind = 'email' AND status = 'queued' AND lower(payload->>'to') = lower(${profile.email})`.execute(trx);
  await trx
    .updateTable("email_logs")
    .set({ recipient_email: pseudonym, body: "", body_deleted_at: now })
    .where(sql<boolean>`lower(recipient_email) = lower(${profile.email})`)
    .execute();
  // Issue 29: the receipt, queued after the purge above and addressed to the address read before it was replaced; it
  // needs no account to be sent (no personal link, no lookup of the person).
  await enqueueEmail(trx, {
    to: profile.email,
    template: "suppression-compte-effectuee",
    variables: {
      date: formatDateTime(now),
      motif: options.origin === "person" ? "à votre demande" : "faute de connexion depuis longtemps, comme nous vous l'avions annoncé par e-mail",
      duree: closedCaseRetention(),
      lien: publicLink("/politique-confidentialite"),
    },
  });

  const casesKept = Number(kept.count);
  const done = { status: "done" as const, completed_at: now, files_deleted: marked.length, cases_kept: casesKept };
  const updated = await trx.updateTable("account_deletion_requests").set(done).where("user_id", "=", userId).where("status", "=", "waiting").executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) {
    await trx.insertInto("account_deletion_requests").values({ user_id: userId, origin: options.origin, requested_at: now, ...done }).execute();
  }
  if (marked.length > 0) await enqueueJob(trx, { kind: DELETED_FILES_SWEEP_JOB, payload: {}, maxAttempts: 5 });
  return { kind: "deleted", filesMarked: marked.length, casesKept };
}

/** Clears this browser's better-auth cookies (the sessions themselves are already deleted). */
async function clearedSessionCookies(): Promise<Headers> {
  const context = await auth().$context;
  const headers = new Headers();
  for (const cookie of [context.authCookies.sessionToken, context.authCookies.sessionData, context.authCookies.dontRememberToken]) {
    const secure = cookie.name.startsWith("__Secure-") || cookie.attributes.secure ? "; Secure" : "";
    headers.append("set-cookie", `${cookie.name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure}`);
  }
  return headers;
}

export type DeleteMyAccountResult =
  | { ok: true; headers: Headers }
  | { ok: false; status: number; formError?: string; fieldErrors?: Record<string, string>; blocked?: BlockingCase[] };

/** The person deletes their own account (GDPR art. 17) after typing their password again. */
export async function deleteMyAccount(actor: Actor, input: AccountDeletionInput): Promise<DeleteMyAccountResult> {
  assertUser(actor);
  if (actor.role !== "user") return { ok: false, status: 403, formError: accountDeletionMessages.staffAccount };
  // Counted before the check, like a sign-in: a stolen session cannot be used to guess the password.
  const password = await checkCurrentPassword(actor, input.password, "delete-account");
  if (!password.ok) {
    switch (password.reason) {
      case "too-many":
        logger.warn({ userId: actor.userId }, "suppression de compte refusée : trop de tentatives");
        return { ok: false, status: 429, formError: accountDeletionMessages.tooManyAttempts };
      case "busy":
        return { ok: false, status: 503, formError: new HashingBusyError().message };
      case "wrong":
        return { ok: false, status: 400, fieldErrors: { password: accountDeletionMessages.wrongPassword } };
    }
  }

  const outcome = await db()
    .transaction()
    .execute((trx) => deleteAccountIn(trx, actor.userId, { now: new Date(), origin: "person" }));
  jobsEnqueued();
  if (outcome.kind === "blocked") {
    logger.info({ userId: actor.userId, cases: outcome.cases.length, lawyersNotified: outcome.lawyersNotified }, "suppression de compte en attente : dossier en cours");
    return { ok: false, status: 409, formError: accountDeletionMessages.activeCase, blocked: outcome.cases };
  }
  if (outcome.kind === "deleted") {
    logger.info({ userId: actor.userId, filesMarked: outcome.filesMarked, casesKept: outcome.casesKept }, "compte supprimé à la demande de la personne");
  }
  return { ok: true, headers: await clearedSessionCookies() };
}

/** Inactive accounts flagged by retention (warned, no sign-in since) are deleted like a person's own request. */
export async function deleteFlaggedInactiveAccounts(database: Kysely<Database>, now: Date): Promise<number> {
  const flagged = await database
    .selectFrom("account_inactivity")
    .innerJoin("profiles", "profiles.id", "account_inactivity.user_id")
    .select("account_inactivity.user_id")
    .where("account_inactivity.flagged_at", "is not", null)
    .where("profiles.role", "=", "user")
    .where("profiles.deleted_at", "is", null)
    .orderBy("account_inactivity.user_id")
    .execute();
  let deleted = 0;
  for (const { user_id } of flagged) {
    const outcome = await database.transaction().execute(async (trx) => {
      // Still flagged under the lock: a sign-in in between clears the flag (trigger of migration 0074).
      const still = await trx.selectFrom("account_inactivity").select("user_id").where("user_id", "=", user_id).where("flagged_at", "is not", null).forUpdate().executeTakeFirst();
      if (!still) return null;
      return deleteAccountIn(trx, user_id, { now, origin: "inactivity" });
    });
    if (outcome?.kind === "deleted") deleted += 1;
  }
  return deleted;
}

/**
 * Closed cases whose closing is older than the retention period are deleted with everything they hold (history,
 * messages, payments, identifiers, evidence, fee agreements with their signatures and documents); their files are
 * marked in the same transaction for the sweep.
 */
export async function purgeExpiredClosedCases(database: Kysely<Database>, now: Date, retentionDays: number): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * 24 * 3600 * 1000);
  let purged = 0;
  for (;;) {
    const count = await database.transaction().execute(async (trx) => {
      const due = await sql<{ id: string }>`
        SELECT c.id FROM cases c
        WHERE c.status = 'closed'
          AND COALESCE((SELECT max(h.created_at) FROM case_status_history h WHERE h.case_id = c.id AND h.to_status = 'closed'), c.updated_at) < ${cutoff}
        ORDER BY c.id
        LIMIT 200
        FOR UPDATE OF c SKIP LOCKED`.execute(trx);
      const ids = due.rows.map((row) => row.id);
      if (ids.length === 0) return 0;
      const chatFiles = trx.selectFrom("case_chat_messages").select("file_id").where("case_id", "in", ids).where("file_id", "is not", null);
      const evidenceFiles = trx.selectFrom("case_evidence").select("stored_file_id").where("case_id", "in", ids);
      const agreementFiles = trx
        .selectFrom("fee_agreement_documents as d")
        .innerJoin("fee_agreements as a", "a.id", "d.agreement_id")
        .select("d.file_id")
        .where("a.case_id", "in", ids);
      await trx
        .updateTable("stored_files")
        .set({ deletion_requested_at: now })
        .where("deletion_requested_at", "is", null)
        .where((eb) => eb.or([eb("id", "in", chatFiles), eb("id", "in", evidenceFiles), eb("id", "in", agreementFiles)]))
        .execute();
      // Messages and agreement documents name their file with ON DELETE RESTRICT: they go with the case (the agreements
      // by cascade, their append-only evidence with them), before the sweep deletes the rows.
      const removed = await trx.deleteFrom("cases").where("id", "in", ids).executeTakeFirst();
      return Number(removed.numDeletedRows);
    });
    purged += count;
    if (count < 200) return purged;
  }
}

/**
 * Tombstones of deleted accounts that no case and no file names any more are removed for good (the user row, and
 * by cascade the profile); the deletion request records when.
 */
export async function removeEmptyTombstones(database: Kysely<Database>, now: Date): Promise<number> {
  const rows = await sql<{ id: string }>`
    SELECT p.id FROM profiles p
    WHERE p.deleted_at IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM cases c WHERE c.user_id = p.id)
      AND NOT EXISTS (SELECT 1 FROM stored_files f WHERE f.owner_id = p.id)
      AND NOT EXISTS (SELECT 1 FROM case_chat_messages m WHERE m.sender_id = p.id)
    ORDER BY p.id
    LIMIT 500`.execute(database);
  let removed = 0;
  for (const { id } of rows.rows) {
    await database.transaction().execute(async (trx) => {
      const result = await trx.deleteFrom("user").where("id", "=", id).executeTakeFirst();
      removed += Number(result.numDeletedRows);
      await trx.updateTable("account_deletion_requests").set({ purged_at: now }).where("user_id", "=", id).where("status", "=", "done").where("purged_at", "is", null).execute();
    });
  }
  return removed;
}

export interface DeletionRequestRow {
  id: string;
  userId: string;
  origin: "person" | "inactivity";
  status: "waiting" | "done";
  blockingCases: string[];
  requestedAt: string;
  completedAt: string | null;
  filesDeleted: number;
  casesKept: number;
  purgedAt: string | null;
}

/** Admin: the deletion requests, newest first (a pseudonymous id, never a name). */
export async function listDeletionRequests(actor: Actor, limit = 200): Promise<DeletionRequestRow[]> {
  assertRole(actor, "admin");
  const rows = await db().selectFrom("account_deletion_requests").selectAll().orderBy("requested_at", "desc").orderBy("id", "desc").limit(limit).execute();
  return rows.map((row) => ({
    id: row.id,
    userId: row.user_id,
    origin: row.origin,
    status: row.status,
    blockingCases: row.blocking_cases,
    requestedAt: new Date(row.requested_at).toISOString(),
    completedAt: row.completed_at ? new Date(row.completed_at).toISOString() : null,
    filesDeleted: row.files_deleted,
    casesKept: row.cases_kept,
    purgedAt: row.purged_at ? new Date(row.purged_at).toISOString() : null,
  }));
}

export interface DeletionOverview {
  /** Staff accounts are closed by an administrator, never from this page. */
  canDelete: boolean;
  /** Cases in progress with a lawyer: the deletion waits until they are closed. */
  activeCases: BlockingCase[];
  /** A request already recorded and waiting for those cases. */
  waitingSince: DateTimeText | null;
}

/** What the deletion page shows the acting person before they confirm. */
export async function deletionOverviewFor(actor: Actor): Promise<DeletionOverview> {
  assertUser(actor);
  if (actor.role !== "user") return { canDelete: false, activeCases: [], waitingSince: null };
  const active = await db()
    .selectFrom("cases")
    .leftJoin("profiles as lawyer", "lawyer.id", "cases.assigned_lawyer_id")
    .select(["cases.case_number", "lawyer.first_name", "lawyer.last_name"])
    .where("cases.user_id", "=", actor.userId)
    .where("cases.status", "in", [...ACTIVE_CASE_STATUSES])
    .orderBy("cases.case_number")
    .execute();
  const waiting = await db()
    .selectFrom("account_deletion_requests")
    .select("requested_at")
    .where("user_id", "=", actor.userId)
    .where("status", "=", "waiting")
    .executeTakeFirst();
  return {
    canDelete: true,
    activeCases: active.map((row) => ({ caseNumber: row.case_number, lawyerName: row.first_name ? `Maître ${row.first_name} ${row.last_name}` : null })),
    waitingSince: waiting ? dateTimeText(waiting.requested_at) : null,
  };
}
