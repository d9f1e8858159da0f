import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { caseFor, caseWizardFor, saveCaseDraft, submitCase } from "~/modules/cases/cases.server";
import { caseDraftSchema, caseMessages, type CaseFormValues } from "~/modules/cases/cases.schema";
import { dashboardFor, type UserDashboard } from "~/modules/dashboard/dashboard.server";
import { ForbiddenError, NotFoundError, type UserActor } from "~/platform/actor";
import { db } from "~/platform/runtime.server";
import { completeCaseForm, draftInput, seedPerson, setIdentityVerified } from "../support/cases";
import { startTestRuntime, testEngines } from "../support/test-database";

async function caseRow(id: string) {
  return db().selectFrom("cases").selectAll().where("id", "=", id).executeTakeFirst();
}

async function history(id: string) {
  return db()
    .selectFrom("case_status_history")
    .select(["from_status", "to_status", "changed_by"])
    .where("case_id", "=", id)
    .orderBy("id")
    .execute();
}

function refusals(values: Partial<CaseFormValues>) {
  const result = caseDraftSchema.safeParse(completeCaseForm(values));
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
}

describe.each(testEngines())("cases: wizard drafts, submission, case page (%s)", (engine) => {
  let stop: () => Promise<void>;
  let verified: UserActor;
  let unverified: UserActor;
  let other: UserActor;
  let lawyer: UserActor;
  let admin: UserActor;

  beforeAll(async () => {
    stop = (await startTestRuntime(engine)).stop;
    verified = await seedPerson("user", "Vera", { verified: true });
    unverified = await seedPerson("user", "Ugo");
    other = await seedPerson("user", "Odile", { verified: true });
    lawyer = await seedPerson("lawyer", "Luc");
    admin = await seedPerson("admin", "Ada");
  }, 120_000);

  afterAll(async () => stop?.());

  it("saves a draft's columns and draft_data on its first save, and updates the same draft afterwards (no second one)", async () => {
    const draftId = randomUUID();
    const first = await saveCaseDraft(verified, draftId, draftInput({ total_amount_lost: "1 234,56" }));
    expect(first).toMatchObject({ ok: true, created: true, reachable: 3 });
    const again = await saveCaseDraft(verified, draftId, draftInput({ total_amount_lost: "1 234,56" }));
    expect(again).toMatchObject({ ok: true, created: false });
    const row = await caseRow(draftId);
    expect(row).toMatchObject({
      user_id: verified.userId,
      status: "draft",
      scam_type: "investment_scam",
      first_contact_date: "2024-03-12",
      total_amount_lost: "1234.56",
      payment_methods: ["bank_transfer"],
      evidence_types: ["bank_statements"],
      submitted_at: null,
    });
    expect(row!.case_number).toMatch(/^RC-\d{4}-\d{6}$/);
    expect(row!.draft_data).toMatchObject({ scam_type: "investment_scam", total_amount_lost: "1234.56" });
    expect(await history(draftId)).toEqual([{ from_status: null, to_status: "draft", changed_by: verified.userId }]);

    const wizard = await caseWizardFor(verified, draftId);
    expect(wizard).toMatchObject({ kind: "wizard", exists: true, reachable: 3 });
    if (wizard.kind === "wizard") {
      expect(wizard.values.first_contact_date).toBe("12-03-2024");
      expect(wizard.values.total_amount_lost).toBe("1 234,56");
    }
  });

  it("keeps the details of a conditional field only while its box is ticked", async () => {
    const draftId = randomUUID();
    await saveCaseDraft(verified, draftId, draftInput({ contacted_bank: "on", bank_contact_details: "Opposition le 13/03" }));
    expect((await caseRow(draftId))!.bank_contact_details).toBe("Opposition le 13/03");
    await saveCaseDraft(verified, draftId, draftInput({ contacted_bank: "", bank_contact_details: "Opposition le 13/03" }));
    expect(await caseRow(draftId)).toMatchObject({ contacted_bank: false, bank_contact_details: null });
  });

  describe("bad input is refused with a French message", () => {
    it.each([
      [{ scam_type: "sextortion" }, "scam_type", caseMessages.scamTypeUnknown],
      [{ contact_method: "pigeon" }, "contact_method", caseMessages.contactMethodUnknown],
      [{ payment_methods: ["bank_transfer", "gold_bars"] }, "payment_methods", caseMessages.paymentMethodUnknown],
      [{ evidence_types: ["dna"] }, "evidence_types", caseMessages.evidenceTypeUnknown],
      [{ detailed_description: "x".repeat(10_001) }, "detailed_description", caseMessages.descriptionTooLong],
      [{ first_contact_date: "01-01-2999" }, "first_contact_date", caseMessages.dateInFuture],
      [{ first_contact_date: "31-02-2024" }, "first_contact_date", caseMessages.dateInvalid],
      [{ total_amount_lost: "-5" }, "total_amount_lost", caseMessages.amountNegative],
      [{ total_amount_lost: "1e309" }, "total_amount_lost", caseMessages.amountInvalid],
      [{ total_amount_lost: "NaN" }, "total_amount_lost", caseMessages.amountInvalid],
      [{ total_amount_lost: "Infinity" }, "total_amount_lost", caseMessages.amountInvalid],
      [{ total_amount_lost: "9999999999999" }, "total_amount_lost", caseMessages.amountTooLarge],
      [{ contact_method_details: "a\u0000b" }, "contact_method_details", caseMessages.controlCharacter],
    ] as [Partial<CaseFormValues>, string, string][])("%j → %s", (values, field, message) => {
      expect(refusals(values)[field]).toBe(message);
    });

    it("accepts the French ways of writing an amount, euro sign included", () => {
      for (const [typed, stored] of [
        ["1 234,56 €", "1234.56"],
        ["1\u202f234,56\u00a0€", "1234.56"],
        ["1.234,5", "1234.50"],
        ["12 500", "12500"],
        ["1234.56", "1234.56"],
        ["0", "0"],
      ]) {
        expect(caseDraftSchema.parse(completeCaseForm({ total_amount_lost: typed })).total_amount_lost, typed).toBe(stored);
      }
    });

    it("drops crafted fields: status, assigned lawyer, owner and case number never reach the draft", async () => {
      const draftId = randomUUID();
      const crafted = { ...completeCaseForm(), status: "assigned", assigned_lawyer_id: lawyer.userId, user_id: other.userId, case_number: "RC-2000-000001" };
      const input = caseDraftSchema.parse(crafted);
      expect(Object.keys(input)).not.toContain("status");
      await saveCaseDraft(verified, draftId, input);
      const row = await caseRow(draftId);
      expect(row).toMatchObject({ status: "draft", assigned_lawyer_id: null, user_id: verified.userId });
      expect(row!.case_number).not.toBe("RC-2000-000001");
    });
  });

  it("another person's draft: editing, opening or submitting it answers 404 and changes nothing", async () => {
    const draftId = randomUUID();
    await saveCaseDraft(verified, draftId, draftInput({ detailed_description: "Mon histoire" }));
    await expect(saveCaseDraft(other, draftId, draftInput({ detailed_description: "Écrasé" }))).rejects.toBeInstanceOf(NotFoundError);
    await expect(caseWizardFor(other, draftId)).rejects.toBeInstanceOf(NotFoundError);
    await expect(submitCase(other, draftId)).rejects.toBeInstanceOf(NotFoundError);
    await expect(caseFor(other, draftId)).rejects.toThrow(caseMessages.noAccess);
    expect(await caseRow(draftId)).toMatchObject({ status: "draft", detailed_description: "Mon histoire" });
  });

  it("staff do not file cases (403)", async () => {
    await expect(caseWizardFor(lawyer, null)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(saveCaseDraft(admin, randomUUID(), draftInput())).rejects.toBeInstanceOf(ForbiddenError);
  });

  it("unverified: one draft only, even from tabs racing to create a second; submitting is refused", async () => {
    const first = randomUUID();
    expect(await saveCaseDraft(unverified, first, draftInput())).toMatchObject({ ok: true, created: true });
    expect(await caseWizardFor(unverified, null)).toEqual({ kind: "one-draft", existingDraftId: first });
    const refused = await saveCaseDraft(unverified, randomUUID(), draftInput());
    expect(refused).toEqual({ ok: false, status: 409, message: caseMessages.oneDraft });

    const submitted = await submitCase(unverified, first);
    expect(submitted).toEqual({ ok: false, status: 403, message: caseMessages.submitNeedsVerification });
    expect(await caseRow(first)).toMatchObject({ status: "draft", submitted_at: null });

    // A fresh unverified person, three tabs saving a new draft at once: exactly one is created.
    const racer = await seedPerson("user", "Rachel");
    const results = await Promise.all([randomUUID(), randomUUID(), randomUUID()].map((id) => saveCaseDraft(racer, id, draftInput())));
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok && result.message === caseMessages.oneDraft)).toHaveLength(2);
    const drafts = await db().selectFrom("cases").select("id").where("user_id", "=", racer.userId).execute();
    expect(drafts).toHaveLength(1);
  });

  it("verified: several drafts; submission sets submitted and submitted_at, records who, and is idempotent", async () => {
    const a = randomUUID();
    const b = randomUUID();
    await saveCaseDraft(verified, a, draftInput());
    expect(await saveCaseDraft(verified, b, draftInput({ scam_type: "phishing" }))).toMatchObject({ ok: true, created: true });

    const [one, two] = await Promise.all([submitCase(verified, a), submitCase(verified, a)]);
    expect([one, two].map((result) => result.ok && result.duplicate).sort()).toEqual([false, true]);
    const row = await caseRow(a);
    expect(row).toMatchObject({ status: "submitted", draft_data: null });
    expect(row!.submitted_at).toBeInstanceOf(Date);
    expect(await history(a)).toEqual([
      { from_status: null, to_status: "draft", changed_by: verified.userId },
      { from_status: "draft", to_status: "submitted", changed_by: verified.userId },
    ]);
    // A submitted case is no longer a draft: no more edits.
    expect(await saveCaseDraft(verified, a, draftInput({ detailed_description: "Changé" }))).toEqual({ ok: false, status: 409, message: caseMessages.alreadySubmitted });
    await expect(caseWizardFor(verified, a)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("an incomplete draft cannot be submitted", async () => {
    const id = randomUUID();
    await saveCaseDraft(verified, id, draftInput({ detailed_description: "", first_contact_date: "" }));
    expect(await submitCase(verified, id)).toEqual({ ok: false, status: 422, message: caseMessages.submitIncomplete });
    expect((await caseRow(id))!.status).toBe("draft");
  });

  it("a submission made unverified then verified goes through", async () => {
    const person = await seedPerson("user", "Paul");
    const id = randomUUID();
    await saveCaseDraft(person, id, draftInput());
    expect((await submitCase(person, id)).ok).toBe(false);
    await setIdentityVerified(person.userId, true);
    expect(await submitCase(person, id)).toMatchObject({ ok: true, duplicate: false });
  });

  it("the case page: owner, assigned lawyer and admin see it with every status change; others get 404", async () => {
    const id = randomUUID();
    await saveCaseDraft(verified, id, draftInput());
    await submitCase(verified, id);
    // The lawyer side moves the case on (assignment, then work): done here as those use cases would.
    await db().transaction().execute(async (trx) => {
      await sql`SELECT set_config('recours.actor_id', '', true)`.execute(trx);
      await trx.updateTable("cases").set({ status: "assigned", assigned_lawyer_id: lawyer.userId, assigned_at: new Date() }).where("id", "=", id).execute();
    });
    await db().transaction().execute(async (trx) => {
      await sql`SELECT set_config('recours.actor_id', ${lawyer.userId}, true)`.execute(trx);
      await trx.updateTable("cases").set({ status: "in_progress" }).where("id", "=", id).execute();
    });

    await db().updateTable("profiles").set({ bar_name: "Barreau de Lyon", bar_number: "L-1234" }).where("id", "=", lawyer.userId).execute();
    const seen = await caseFor(verified, id);
    expect(seen.viewer).toBe("owner");
    expect(seen.lawyer).toEqual({ firstName: "Luc", lastName: "NomLuc", barName: "Barreau de Lyon", barNumber: "L-1234" });
    expect(seen.timeline.map((entry) => [entry.toStatus, entry.by])).toEqual([
      ["draft", "Vous"],
      ["submitted", "Vous"],
      ["assigned", null],
      ["in_progress", "Maître Luc NomLuc"],
    ]);
    expect(seen.timeline[2]!.lawyerName).toBe("Luc NomLuc");
    expect((await caseFor(lawyer, id)).viewer).toBe("lawyer");
    expect((await caseFor(admin, id)).viewer).toBe("admin");

    const stranger = await seedPerson("lawyer", "Sam");
    for (const actor of [other, stranger]) {
      await expect(caseFor(actor, id)).rejects.toThrow(caseMessages.noAccess);
    }
    await expect(caseFor(other, randomUUID())).rejects.toThrow(caseMessages.noAccess);
    await expect(caseFor(other, "pas-un-uuid")).rejects.toThrow(caseMessages.noAccess);
  });

  it("the dashboard lists the person's cases, newest first, and knows whether a draft exists", async () => {
    const person = await seedPerson("user", "Dora", { verified: true });
    const draft = randomUUID();
    const sent = randomUUID();
    await saveCaseDraft(person, sent, draftInput());
    await submitCase(person, sent);
    await saveCaseDraft(person, draft, draftInput({ scam_type: "romance_scam" }));
    const dashboard = (await dashboardFor(person)) as UserDashboard;
    expect(dashboard.cases.map((row) => [row.id, row.status])).toEqual([
      [draft, "draft"],
      [sent, "submitted"],
    ]);
    expect(dashboard.hasDraft).toBe(true);
    expect(dashboard.activeCaseCount).toBe(1);
  });
});
