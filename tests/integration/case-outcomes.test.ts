import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assignCase } from "~/modules/cases/case-assignment.server";
import { outcomeTimelineText, timelineText } from "~/modules/cases/case-labels";
import { caseFor } from "~/modules/cases/cases.server";
import { changeCaseStatusByLawyer } from "~/modules/cases/lawyer-cases.server";
import { lawyerCaseMessages, statusChangeSchema } from "~/modules/cases/lawyer-cases.schema";
import type { UserActor } from "~/platform/actor";
import { db } from "~/platform/runtime.server";
import { giveBarDetails, insertSubmittedCase, resetAllocations, seedActor, setAllocation } from "../support/cases";
import { insertActiveAgreement, insertRecovery, insertReversal } from "../support/outcomes";
import { startTestRuntime, testEngines } from "../support/test-database";

describe.each(testEngines())("closing a case with its outcome on %s", (engine) => {
  let stop: () => Promise<void>;
  let client: UserActor;
  let lawyer: UserActor;

  beforeAll(async () => {
    ({ stop } = await startTestRuntime(engine));
    client = await seedActor("user", "Jeanne", "Durand");
    lawyer = await seedActor("lawyer", "Alain", "Avocat");
    await giveBarDetails(lawyer.userId);
    await resetAllocations();
    await setAllocation(lawyer.userId, 100);
  });
  afterAll(async () => {
    await stop?.();
  });

  /** A case in progress under an active agreement, with its ledger entries (cents; negative: a reversal of the previous one). */
  async function caseInProgress(ledger: number[] = []) {
    const created = await insertSubmittedCase(client.userId);
    await db().transaction().execute((trx) => assignCase(trx, created.id));
    const agreementId = await insertActiveAgreement(created.id, lawyer.userId, client.userId);
    let previous: { id: string; amount: number } | null = null;
    for (const amount of ledger) {
      if (amount < 0 && previous) await insertReversal(created.id, agreementId, previous.id, previous.amount, "2026-05-02");
      else previous = { id: await insertRecovery(created.id, agreementId, amount, "2026-05-01"), amount };
    }
    expect(await changeCaseStatusByLawyer(lawyer, statusChangeSchema.parse({ caseId: created.id, status: "in_progress" }))).toMatchObject({ ok: true });
    return created;
  }
  const close = (caseId: string, fields: Record<string, string>) => changeCaseStatusByLawyer(lawyer, statusChangeSchema.parse({ caseId, ...fields }));
  const stored = (caseId: string) =>
    db().selectFrom("cases").select(["status", "outcome", "outcome_reason", "outcome_recovered_cents", "outcome_at"]).where("id", "=", caseId).executeTakeFirstOrThrow();

  it("refuses to end a case without an outcome (400, in French) and leaves it in progress", async () => {
    const created = await caseInProgress();
    for (const status of ["resolved", "closed"]) {
      expect(await close(created.id, { status })).toEqual({ ok: false, status: 400, message: lawyerCaseMessages.outcomeRequired });
      expect(await close(created.id, { status, outcome: "" })).toEqual({ ok: false, status: 400, message: lawyerCaseMessages.outcomeRequired });
    }
    expect(lawyerCaseMessages.outcomeRequired).toMatch(/^Indiquez l'issue du dossier/);
    expect(await stored(created.id)).toMatchObject({ status: "in_progress", outcome: null, outcome_at: null });
    expect(statusChangeSchema.safeParse({ caseId: created.id, status: "closed", outcome: "gagne" }).error?.issues[0]?.message).toBe(lawyerCaseMessages.outcomeUnknown);
  });

  it("refuses 'not pursued' without a reason (400), then records it with the reason", async () => {
    const created = await caseInProgress();
    expect(await close(created.id, { status: "closed", outcome: "not_pursued", outcomeReason: "   " })).toEqual({
      ok: false,
      status: 400,
      message: lawyerCaseMessages.reasonRequired,
    });
    expect((await stored(created.id)).status).toBe("in_progress");
    expect(await close(created.id, { status: "closed", outcome: "not_pursued", outcomeReason: " Le bénéficiaire est introuvable. " })).toMatchObject({ ok: true });
    expect(await stored(created.id)).toMatchObject({ status: "closed", outcome: "not_pursued", outcome_reason: "Le bénéficiaire est introuvable." });
    expect(Number((await stored(created.id)).outcome_recovered_cents)).toBe(0);
  });

  it("refuses 'recovered in full' or 'in part' when the ledger's total is 0 (409), a reversed entry counting for nothing", async () => {
    const created = await caseInProgress([150_000, -150_000]);
    for (const outcome of ["recovered_in_full", "recovered_in_part"]) {
      expect(await close(created.id, { status: "resolved", outcome })).toEqual({ ok: false, status: 409, message: lawyerCaseMessages.nothingRecorded });
    }
    expect((await stored(created.id)).status).toBe("in_progress");
    // The database refuses it too, whatever the code path.
    await expect(
      db().updateTable("cases").set({ status: "resolved", outcome: "recovered_in_full", outcome_recovered_cents: 0, outcome_at: new Date() }).where("id", "=", created.id).execute(),
    ).rejects.toThrow();
    expect(await close(created.id, { status: "resolved", outcome: "nothing_recovered" })).toMatchObject({ ok: true });
  });

  it("refuses 'nothing recovered' when sums are recorded (409)", async () => {
    const created = await caseInProgress([10_000]);
    expect(await close(created.id, { status: "closed", outcome: "nothing_recovered" })).toEqual({ ok: false, status: 409, message: lawyerCaseMessages.somethingRecorded });
  });

  it("takes the total from the ledger, writes it in the history with the status change, and the client's timeline says it", async () => {
    const created = await caseInProgress([200_000, 120_000]);
    expect(await close(created.id, { status: "resolved", outcome: "recovered_in_part", note: "Deux rappels de fonds." })).toMatchObject({ ok: true, status: "resolved" });
    const row = await stored(created.id);
    expect(row).toMatchObject({ status: "resolved", outcome: "recovered_in_part", outcome_reason: null });
    expect(Number(row.outcome_recovered_cents)).toBe(320_000);
    expect(row.outcome_at).toBeInstanceOf(Date);
    const history = await db().selectFrom("case_status_history").selectAll().where("case_id", "=", created.id).orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(history).toMatchObject({ to_status: "resolved", outcome: "recovered_in_part", note: "Deux rappels de fonds.", changed_by: lawyer.userId });
    expect(Number(history.outcome_recovered_cents)).toBe(320_000);
    const journal = await db().selectFrom("staff_audit_log").select("after").where("target_id", "=", created.id).orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(journal.after).toMatchObject({ status: "resolved", outcome: "recovered_in_part", recoveredCents: 320_000 });

    const view = await caseFor(client, created.id);
    const last = view.timeline.at(-1)!;
    expect(last.outcome).toEqual({ outcome: "recovered_in_part", recoveredCents: 320_000, reason: null });
    expect(timelineText(last.toStatus, { lawyerName: null, forOwner: true, first: false, outcome: last.outcome })).toMatch(
      /^Dossier clôturé\u202f: 3\u202f200\s€ récupérés \(récupération partielle\)$/u,
    );
    // The earlier rows say what they said before.
    expect(view.timeline.slice(0, -1).every((entry) => entry.outcome === null)).toBe(true);
  });

  it("says each outcome in plain French", () => {
    expect(outcomeTimelineText("nothing_recovered", 0, true)).toBe("Dossier clôturé sans somme récupérée");
    expect(outcomeTimelineText("recovered_in_full", 320_000, true)).toMatch(/^Dossier clôturé\u202f: 3\s200\s€ récupérés \(récupération totale\)$/u);
    expect(outcomeTimelineText("recovered_in_part", 150, true)).toMatch(/^Dossier clôturé\u202f: 1,50\s€ récupéré \(/u);
    expect(outcomeTimelineText("withdrawn_by_client", 0, true)).toBe("Dossier clôturé\u202f: vous avez retiré votre dossier");
    expect(outcomeTimelineText("withdrawn_by_client", 0, false)).toBe("Dossier clôturé\u202f: retiré par le client");
    expect(outcomeTimelineText("not_pursued", 0, true)).toBe("Dossier clôturé\u202f: la procédure n'est pas poursuivie");
    // Without an outcome (cases closed before issue 31, or by the platform), the old sentence.
    expect(timelineText("closed", { lawyerName: null, forOwner: true, first: false, outcome: null })).toBe("Votre dossier a été fermé");
  });
});

