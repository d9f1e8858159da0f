import { sql } from "kysely";
import { recordStaffAction } from "~/modules/audit/audit.server";
import { jobsEnqueued } from "~/modules/jobs/jobs.server";
import { enqueueEmail } from "~/modules/notifications/notifications.server";
import { assertRole, NotFoundError, type Actor } from "~/platform/actor";
import { db, runtime } from "~/platform/runtime.server";
import { documentLabel, reviewMessages, type ReviewDecision } from "./identity.schema";
import { ensureStatusRow, UPLOAD_STEPS } from "./verification-status.server";

export type ReviewResult =
  | { ok: true; outcome: "approved" | "rejected"; message: string; identityVerified: boolean; documentIds: string[] }
  | { ok: false; status: number; message: string };

/**
 * Approves or rejects a whole group (the person, type, step and upload day of `documentId`). In one transaction: the
 * documents, the append-only audit row, the full approval (steps 2, 3 and 4 each with an approved document) and the
 * person's email.
 */
export async function reviewDocumentGroup(actor: Actor, decision: ReviewDecision): Promise<ReviewResult> {
  assertRole(actor, "admin");
  const result = await db()
    .transaction()
    .execute(async (trx): Promise<ReviewResult> => {
      const anchor = await trx
        .selectFrom("identity_verification_documents as d")
        .select(["d.user_id", "d.document_type", "d.step_number", "d.group_day as day"])
        .where("d.id", "=", decision.documentId)
        .where("d.obsolete", "=", false)
        .executeTakeFirst();
      if (!anchor) throw new NotFoundError();
      if (anchor.user_id === actor.userId) return { ok: false, status: 403, message: reviewMessages.ownDocuments };
      await ensureStatusRow(trx, anchor.user_id);
      await trx.selectFrom("identity_verification_status").select("id").where("user_id", "=", anchor.user_id).forUpdate().execute();
      const group = await trx
        .selectFrom("identity_verification_documents as d")
        .select(["d.id", "d.document_side", "d.stored_file_id"])
        .where("d.user_id", "=", anchor.user_id)
        .where("d.document_type", "=", anchor.document_type)
        .where("d.step_number", "=", anchor.step_number)
        .where("d.group_day", "=", anchor.day)
        .where("d.obsolete", "=", false)
        .where("d.status", "=", "pending")
        .execute();
      if (group.length === 0) return { ok: false, status: 409, message: reviewMessages.alreadyReviewed };
      const ids = group.map((row) => row.id);
      const outcome = decision.decision === "approve" ? ("approved" as const) : ("rejected" as const);
      const reason = decision.decision === "reject" ? decision.reason : null;
      await trx
        .updateTable("identity_verification_documents")
        .set({ status: outcome, reviewed_at: new Date(), reviewed_by: actor.userId, rejection_reason: reason })
        .where("id", "in", ids)
        .execute();
      const person = await trx.selectFrom("profiles").select(["email", "first_name", "identity_verified"]).where("id", "=", anchor.user_id).executeTakeFirstOrThrow();
      const base = runtime().env.PUBLIC_URL;
      let identityVerified = false;
      if (outcome === "approved") {
        const approvedSteps = await trx
          .selectFrom("identity_verification_documents")
          .select("step_number")
          .distinct()
          .where("user_id", "=", anchor.user_id)
          .where("obsolete", "=", false)
          .where("status", "=", "approved")
          .execute();
        const steps = new Set(approvedSteps.map((row) => row.step_number));
        if (UPLOAD_STEPS.every((step) => steps.has(step)) && !person.identity_verified) {
          identityVerified = true;
          await trx.updateTable("profiles").set({ identity_verified: true }).where("id", "=", anchor.user_id).execute();
          await trx
            .updateTable("identity_verification_status")
            .set({ step5_completed: true, current_step: 5, overall_status: "approved", completed_at: sql`coalesce(completed_at, now())` })
            .where("user_id", "=", anchor.user_id)
            .execute();
          await enqueueEmail(trx, {
            to: person.email,
            template: "identite-verifiee",
            variables: { prenom: person.first_name, lien: `${base}/dashboard` },
          });
        }
      } else {
        await trx.updateTable("identity_verification_status").set({ overall_status: "rejected" }).where("user_id", "=", anchor.user_id).execute();
        const sides = group.map((row) => documentLabel(anchor.document_type, row.document_side));
        await enqueueEmail(trx, {
          to: person.email,
          template: "document-rejete",
          variables: { prenom: person.first_name, document: [...new Set(sides)].join(", "), raisons: reason ?? "", lien: `${base}/verify-identity` },
        });
      }
      await trx
        .insertInto("identity_review_audit")
        .values({
          reviewer_id: actor.userId,
          reviewer_email: actor.email,
          subject_user_id: anchor.user_id,
          step_number: anchor.step_number,
          document_type: anchor.document_type,
          document_ids: ids,
          outcome,
          reason,
          identity_verified: identityVerified,
        })
        .execute();
      // The staff journal: statuses and reason only, never the files themselves.
      await recordStaffAction(trx, actor, {
        action: outcome === "approved" ? "document.approved" : "document.rejected",
        targetType: "document-group",
        targetId: decision.documentId,
        before: { status: "pending" },
        after: {
          status: outcome,
          reason,
          subjectUserId: anchor.user_id,
          stepNumber: anchor.step_number,
          documentType: anchor.document_type,
          day: anchor.day,
          documentIds: ids,
          identityVerified,
        },
      });
      return {
        ok: true,
        outcome,
        message: outcome === "approved" ? reviewMessages.approved : reviewMessages.rejected,
        identityVerified,
        documentIds: ids,
      };
    });
  if (result.ok) jobsEnqueued();
  return result;
}
