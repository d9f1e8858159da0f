import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatEuroCents } from "~/lib/fees";
import { parisIsoDay } from "~/lib/format";
import { useFileStorage } from "~/modules/files/files.server";
import { issueInvoice } from "~/modules/invoicing/invoicing.server";
import { collectExportContents } from "~/modules/privacy/export-contents.server";
import { computeFees } from "~/modules/recoveries/fee-computation";
import { costDecisionSchema, costMessages, costSchema, feePaymentMessages, feePaymentSchema } from "~/modules/recoveries/recoveries.schema";
import {
  decideCost,
  detailedAccountDocument,
  detailedAccountFor,
  proposeCost,
  recordFeePayment,
  recordRecovery,
  recoveriesFor,
  reverseFeePayment,
  reverseRecovery,
  withdrawCost,
} from "~/modules/recoveries/recoveries.server";
import { recoverySchema } from "~/modules/recoveries/recoveries.schema";
import { NotFoundError, type UserActor } from "~/platform/actor";
import { db } from "~/platform/runtime.server";
import { queuedEmails } from "../support/agreements";
import { insertSubmittedCase, seedPerson } from "../support/cases";
import { startTestStore, testFileStorage, type TestStore } from "../support/file-storage";
import { caseWithActiveAgreement, giveInvoicingProfile } from "../support/invoicing";
import { fold, pdfText } from "../support/pdf-text";
import { startTestRuntime, testEngines } from "../support/test-database";

const CASE_CREATED = "2026-01-10";

const cost = (values: Record<string, string> = {}) => costSchema.parse({ costLabel: "Frais d'huissier", incurredOn: "20/01/2026", costAmount: "150", costNote: "", ...values });
const feePayment = (values: Record<string, string> = {}) => feePaymentSchema.parse({ paidFor: "Honoraire de diligence", receivedOn: "2026-01-20", paidAmount: "600", paidNote: "", ...values });
const count = async (table: "case_costs" | "case_fee_payments", caseId: string) =>
  Number((await db().selectFrom(table).select(db().fn.countAll<string>().as("n")).where("case_id", "=", caseId).executeTakeFirstOrThrow()).n);

describe.each(testEngines())("costs the client approves and sums the client paid on %s", (engine) => {
  let stop: () => Promise<void>;
  let store: TestStore;
  let client: UserActor;
  let otherClient: UserActor;
  let lawyer: UserActor;
  let otherLawyer: UserActor;
  let admin: UserActor;
  let caseId: string;
  let otherCaseId: string;
  let bareCaseId: string;

  beforeAll(async () => {
    ({ stop } = await startTestRuntime(engine));
    store = await startTestStore("filesystem");
    useFileStorage(testFileStorage(store.store));
    client = await seedPerson("user", "Lucie");
    otherClient = await seedPerson("user", "Hugo");
    lawyer = await seedPerson("lawyer", "Marc");
    otherLawyer = await seedPerson("lawyer", "Paul");
    admin = await seedPerson("admin", "Inès");
    // Base fee 500 € HT payable at signature, 15 % result fee, VAT 20 %.
    ({ caseId } = await caseWithActiveAgreement(client.userId, lawyer.userId));
    ({ caseId: otherCaseId } = await caseWithActiveAgreement(otherClient.userId, lawyer.userId));
    const bare = await insertSubmittedCase(client.userId);
    await db().updateTable("cases").set({ assigned_lawyer_id: lawyer.userId, assigned_at: new Date(), status: "in_progress" }).where("id", "=", bare.id).execute();
    bareCaseId = bare.id;
    for (const id of [caseId, otherCaseId, bareCaseId]) await sql`UPDATE cases SET created_at = ${`${CASE_CREATED}T10:00:00Z`}::timestamptz WHERE id = ${id}`.execute(db());
  });
  afterAll(async () => {
    useFileStorage(undefined);
    await store?.close();
    await stop?.();
  });

  it("refuses each bad cost with a French message, and saves nothing", async () => {
    const messageOf = (values: Record<string, string>) => {
      const result = costSchema.safeParse({ costLabel: "Frais d'huissier", incurredOn: "20/01/2026", costAmount: "150", costNote: "", ...values });
      return result.success ? null : result.error.issues[0]?.message;
    };
    expect(messageOf({ costAmount: "0" })).toBe(costMessages.amountNotPositive);
    expect(messageOf({ costAmount: "-3" })).toBe(costMessages.amountNotPositive);
    expect(messageOf({ costAmount: "1 000 000 000" })).toBe(costMessages.amountTooLarge);
    expect(messageOf({ costAmount: "" })).toBe(costMessages.amountRequired);
    expect(messageOf({ costLabel: "  " })).toBe(costMessages.labelRequired);
    expect(messageOf({ costLabel: "x".repeat(201) })).toBe(costMessages.labelTooLong);
    expect(messageOf({ incurredOn: "30/02/2026" })).toBe(costMessages.dateInvalid);
    expect(costSchema.parse({ costLabel: "Frais", incurredOn: "2026-01-20", costAmount: "999 999 999,99", costNote: "" }).costAmount).toBe(99_999_999_999);

    const tomorrow = parisIsoDay(new Date(Date.now() + 36 * 3600_000));
    expect(await proposeCost(lawyer, caseId, cost({ incurredOn: tomorrow }))).toEqual({ ok: false, status: 400, fieldErrors: { incurredOn: costMessages.dateInFuture } });
    expect(await proposeCost(lawyer, caseId, cost({ incurredOn: "09/01/2026" }))).toEqual({ ok: false, status: 400, fieldErrors: { incurredOn: costMessages.dateBeforeCase("10/01/2026") } });
    expect(await proposeCost(lawyer, bareCaseId, cost())).toEqual({ ok: false, status: 409, formError: costMessages.noActiveAgreement });
    for (const someone of [client, otherLawyer, admin]) await expect(proposeCost(someone, caseId, cost())).rejects.toBeInstanceOf(NotFoundError);
    // Past the schema, the table's CHECK still holds.
    await expect(proposeCost(lawyer, caseId, { ...cost(), costAmount: 100_000_000_000 })).rejects.toThrow();
    await expect(proposeCost(lawyer, caseId, { ...cost(), costAmount: 0 })).rejects.toThrow();
    expect(await count("case_costs", caseId)).toBe(0);
    expect(await queuedEmails(client.email, "frais-a-approuver")).toEqual([]);
  });

  it("a cost proposed waits for the client, who is told without the amount; only an approved cost counts", async () => {
    const proposed = await proposeCost(lawyer, caseId, cost({ costAmount: "150,40", costNote: "Signification du jugement" }));
    const declined = await proposeCost(lawyer, caseId, cost({ costLabel: "Traduction", costAmount: "80" }));
    const withdrawn = await proposeCost(lawyer, caseId, cost({ costLabel: "Déplacement", costAmount: "45" }));
    if (!proposed.ok || !declined.ok || !withdrawn.ok) throw new Error("refusé");

    const emails = await queuedEmails(client.email, "frais-a-approuver");
    expect(emails).toHaveLength(3);
    for (const email of emails) {
      expect(email.variables.lien).toContain(`/case/${caseId}#frais`);
      expect(Object.values(email.variables).join(" ")).not.toMatch(/€|150,40|Frais d.huissier/);
    }
    const template = await db().selectFrom("email_templates").select(["subject", "body"]).where("key", "=", "frais-a-approuver").executeTakeFirstOrThrow();
    expect(`${template.subject} ${template.body}`).not.toMatch(/montant|€/i);
    expect(template.body).toContain("Voir mon dossier\u202f: {{lien}}");

    // Pending: nothing counts yet.
    expect((await detailedAccountFor(client, caseId))!.figures.costsHtCents).toBe(0);

    // Who may answer: the client of this case only; a cost of another case is unknown here.
    await expect(decideCost(lawyer, caseId, proposed.costId, "approved")).rejects.toBeInstanceOf(NotFoundError);
    await expect(decideCost(otherClient, caseId, proposed.costId, "approved")).rejects.toBeInstanceOf(NotFoundError);
    await expect(decideCost(admin, caseId, proposed.costId, "approved")).rejects.toBeInstanceOf(NotFoundError);
    expect(await decideCost(otherClient, otherCaseId, proposed.costId, "approved")).toEqual({ ok: false, status: 404, formError: costMessages.costUnknown });
    expect(await decideCost(client, caseId, "pas-un-uuid", "approved")).toMatchObject({ ok: false, status: 404 });
    expect(costDecisionSchema.safeParse({ costId: proposed.costId, decision: "peut-être" }).error?.issues[0]?.message).toBe(costMessages.decisionUnknown);
    expect(costDecisionSchema.parse({ costId: proposed.costId, decision: "approve" }).decision).toBe("approved");

    expect(await decideCost(client, caseId, proposed.costId, "approved")).toEqual({ ok: true });
    expect(await decideCost(client, caseId, declined.costId, "declined")).toEqual({ ok: true });
    // Deciding twice: refused, the first answer stands.
    expect(await decideCost(client, caseId, proposed.costId, "declined")).toEqual({ ok: false, status: 409, formError: costMessages.alreadyDecided });
    expect(await decideCost(client, caseId, declined.costId, "approved")).toEqual({ ok: false, status: 409, formError: costMessages.alreadyDecided });

    // The lawyer withdraws a pending cost, never an answered one; nobody else withdraws.
    await expect(withdrawCost(client, caseId, withdrawn.costId)).rejects.toBeInstanceOf(NotFoundError);
    await expect(withdrawCost(otherLawyer, caseId, withdrawn.costId)).rejects.toBeInstanceOf(NotFoundError);
    expect(await withdrawCost(lawyer, caseId, proposed.costId)).toEqual({ ok: false, status: 409, formError: costMessages.withdrawDecided });
    expect(await withdrawCost(lawyer, caseId, withdrawn.costId)).toEqual({ ok: true });
    expect(await withdrawCost(lawyer, caseId, withdrawn.costId)).toEqual({ ok: false, status: 409, formError: costMessages.withdrawDecided });
    expect(await decideCost(client, caseId, withdrawn.costId, "approved")).toEqual({ ok: false, status: 409, formError: costMessages.alreadyDecided });

    // The database keeps it so whatever the code does: no edit, no second decision, no delete.
    await expect(sql`UPDATE case_costs SET amount_ht_cents = 1 WHERE id = ${declined.costId}`.execute(db())).rejects.toThrow();
    await expect(sql`UPDATE case_costs SET decision = 'approved', decided_by = ${client.userId} WHERE id = ${declined.costId}`.execute(db())).rejects.toThrow();
    await expect(sql`DELETE FROM case_costs WHERE id = ${declined.costId}`.execute(db())).rejects.toThrow();
    await expect(sql`INSERT INTO case_costs (case_id, agreement_id, label, incurred_on, amount_ht_cents, proposed_by, decision, decided_by)
      SELECT case_id, agreement_id, 'x', incurred_on, 100, proposed_by, 'approved', proposed_by FROM case_costs WHERE id = ${declined.costId}`.execute(db())).rejects.toThrow();

    const panel = await recoveriesFor(client, caseId);
    expect(panel.costs.map((entry) => [entry.label, entry.amountCents, entry.status])).toEqual([
      ["Frais d'huissier", 15_040, "approved"],
      ["Traduction", 8_000, "declined"],
      ["Déplacement", 4_500, "withdrawn"],
    ]);
    expect(panel.costs.every((entry) => (entry.status === "pending") === (entry.decidedAt === null))).toBe(true);
    expect((await detailedAccountFor(lawyer, caseId))!.figures.costsHtCents).toBe(15_040);
    const audit = await db().selectFrom("staff_audit_log").select(["action"]).where("target_id", "=", caseId).where("action", "like", "cost.%").execute();
    expect(audit.map((row) => row.action).sort()).toEqual(["cost.proposed", "cost.proposed", "cost.proposed", "cost.withdrawn"]);
  });

  it("refuses each bad sum received with a French message, and saves nothing", async () => {
    const messageOf = (values: Record<string, string>) => {
      const result = feePaymentSchema.safeParse({ paidFor: "Honoraire de diligence", receivedOn: "20/01/2026", paidAmount: "600", paidNote: "", ...values });
      return result.success ? null : result.error.issues[0]?.message;
    };
    expect(messageOf({ paidAmount: "0" })).toBe(feePaymentMessages.amountNotPositive);
    expect(messageOf({ paidAmount: "1 000 000 000,00" })).toBe(feePaymentMessages.amountTooLarge);
    expect(messageOf({ paidFor: "" })).toBe(feePaymentMessages.labelRequired);
    expect(messageOf({ receivedOn: "" })).toBe(feePaymentMessages.dateRequired);
    const tomorrow = parisIsoDay(new Date(Date.now() + 36 * 3600_000));
    expect(await recordFeePayment(lawyer, caseId, feePayment({ receivedOn: tomorrow }))).toEqual({ ok: false, status: 400, fieldErrors: { receivedOn: feePaymentMessages.dateInFuture } });
    expect(await recordFeePayment(lawyer, caseId, feePayment({ receivedOn: "2026-01-09" }))).toEqual({
      ok: false,
      status: 400,
      fieldErrors: { receivedOn: feePaymentMessages.dateBeforeCase("10/01/2026") },
    });
    expect(await recordFeePayment(lawyer, bareCaseId, feePayment())).toEqual({ ok: false, status: 409, formError: feePaymentMessages.noActiveAgreement });
    for (const someone of [client, otherLawyer, admin]) await expect(recordFeePayment(someone, caseId, feePayment())).rejects.toBeInstanceOf(NotFoundError);
    await expect(recordFeePayment(lawyer, caseId, { ...feePayment(), paidAmount: 100_000_000_000 })).rejects.toThrow();
    expect(await count("case_fee_payments", caseId)).toBe(0);
  });

  it("sums received are append-only, reversed once with a reason, and feed the figures and the detailed account", async () => {
    const first = await recordFeePayment(lawyer, caseId, feePayment({ paidAmount: "600", paidFor: "Honoraire de diligence" }));
    const wrong = await recordFeePayment(lawyer, caseId, feePayment({ paidAmount: "90", paidFor: "Provision sur frais" }));
    if (!first.ok || !wrong.ok) throw new Error("refusé");
    expect(await reverseFeePayment(lawyer, caseId, wrong.paymentId, " ")).toEqual({ ok: false, status: 400, fieldErrors: { reason: feePaymentMessages.reasonRequired } });
    await expect(reverseFeePayment(client, caseId, wrong.paymentId, "Erreur")).rejects.toBeInstanceOf(NotFoundError);
    expect(await reverseFeePayment(lawyer, otherCaseId, wrong.paymentId, "Erreur")).toEqual({ ok: false, status: 404, formError: feePaymentMessages.entryUnknown });
    const reversal = await reverseFeePayment(lawyer, caseId, wrong.paymentId, "Virement rejeté par la banque");
    if (!reversal.ok) throw new Error("refusé");
    expect(await reverseFeePayment(lawyer, caseId, reversal.paymentId, "Encore")).toEqual({ ok: false, status: 409, formError: feePaymentMessages.reversalOfReversal });
    expect(await reverseFeePayment(lawyer, caseId, wrong.paymentId, "Deux fois")).toEqual({ ok: false, status: 409, formError: feePaymentMessages.alreadyReversed });
    await expect(sql`UPDATE case_fee_payments SET label = 'x' WHERE id = ${first.paymentId}`.execute(db())).rejects.toThrow();
    await expect(sql`DELETE FROM case_fee_payments WHERE id = ${first.paymentId}`.execute(db())).rejects.toThrow();

    const recovered = await recordRecovery(lawyer, caseId, recoverySchema.parse({ recoveredOn: "2026-02-01", amount: "2 000", source: "chargeback", note: "" }));
    if (!recovered.ok) throw new Error("refusé");
    const panel = await recoveriesFor(client, caseId);
    expect(panel.feePayments.map((entry) => [entry.label, entry.amountCents, entry.reversesId, entry.reversedById])).toEqual([
      ["Honoraire de diligence", 60_000, null, null],
      ["Provision sur frais", 9_000, null, reversal.paymentId],
      ["Provision sur frais", -9_000, wrong.paymentId, null],
    ]);
    // Recomputed by hand: 500 € + 15 % of 2 000 € + 150,40 € of approved costs = 950,40 € HT; VAT 190,08 €;
    // 1 140,48 € TTC; 600 € received: 540,48 € still due; the client keeps 2 000 − 540,48 = 1 459,52 €.
    const expected = computeFees({ baseFeeCents: 50_000, resultPercentBp: 1500, vatRateBp: 2000 }, { ledgerCents: [200_000], baseFeeDue: true, approvedCostsCents: 15_040, alreadyPaidCents: 60_000 });
    expect(expected).toMatchObject({ totalHtCents: 95_040, vatCents: 19_008, totalTtcCents: 114_048, stillDueCents: 54_048, netToClientCents: 145_952 });
    expect(panel.fees?.figures).toEqual(expected);

    const document = await detailedAccountDocument(client, caseId);
    if (!document.ok) throw new Error(document.message);
    const text = pdfText(document.pdf);
    for (const line of [
      "Frais d'huissier",
      `Frais et débours approuvés par le client (HT) : ${fold(formatEuroCents(15_040))}`,
      `Total hors taxes (frais, débours et honoraires) : ${fold(formatEuroCents(95_040))}`,
      "Honoraire de diligence",
      "Contre-passation : Virement rejeté par la banque",
      `Sommes déjà reçues par l'avocat : ${fold(formatEuroCents(60_000))}`,
      `Reste dû (TTC) : ${fold(formatEuroCents(54_048))}`,
      `Net revenant au client : ${fold(formatEuroCents(145_952))}`,
    ]) {
      expect(text).toContain(line);
    }
    // Declined and withdrawn costs are not in the account.
    expect(text).not.toContain("Traduction");
    expect(text).not.toContain("Déplacement");
  });

  it("the client is told, without any amount, when a sum recovered is reversed", async () => {
    const entry = (await recoveriesFor(lawyer, caseId)).entries.find((item) => !item.reversesId && !item.reversedById)!;
    const before = await queuedEmails(client.email, "somme-recuperee-contre-passee");
    const reversal = await reverseRecovery(lawyer, caseId, entry.id, "Rétrofacturation contestée");
    expect(reversal.ok).toBe(true);
    const after = await queuedEmails(client.email, "somme-recuperee-contre-passee");
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1)!.variables.lien).toContain(`/case/${caseId}#recuperations`);
    expect(Object.values(after.at(-1)!.variables).join(" ")).not.toMatch(/€|2 000/);
    const template = await db().selectFrom("email_templates").select(["subject", "body"]).where("key", "=", "somme-recuperee-contre-passee").executeTakeFirstOrThrow();
    expect(`${template.subject} ${template.body}`).not.toMatch(/montant|€/i);
    // A refused reversal sends nothing.
    expect((await reverseRecovery(lawyer, caseId, entry.id, "Deux fois")).ok).toBe(false);
    expect(await queuedEmails(client.email, "somme-recuperee-contre-passee")).toHaveLength(before.length + 1);
  });

  it("the client's data export holds the costs, their answers and the sums paid; the case's purge takes them away", async () => {
    type ExportedCase = { id: string; costs_and_disbursements: { label: string; decision: string | null; decided_by_you: boolean }[]; paid_to_your_lawyer: { amount_ttc_cents: number }[]; sums_recovered: unknown[] };
    const exported = (await collectExportContents(db(), client.userId)).data as { cases: ExportedCase[] };
    const mine = exported.cases.find((entry) => entry.id === caseId)!;
    expect(mine.costs_and_disbursements.map((entry) => [entry.label, entry.decision, entry.decided_by_you])).toEqual([
      ["Frais d'huissier", "approved", true],
      ["Traduction", "declined", true],
      ["Déplacement", "withdrawn", false],
    ]);
    expect(mine.paid_to_your_lawyer.map((entry) => entry.amount_ttc_cents)).toEqual([60_000, 9_000, -9_000]);
    expect(mine.sums_recovered.length).toBeGreaterThan(0);
    const others = (await collectExportContents(db(), otherClient.userId)).data as { cases: ExportedCase[] };
    expect(others.cases.flatMap((entry) => entry.costs_and_disbursements)).toEqual([]);

    // The purge after the legal period deletes the case with everything it holds (the triggers let the cascade through).
    const purged = await caseWithActiveAgreement(client.userId, lawyer.userId);
    const proposed = await proposeCost(lawyer, purged.caseId, cost({ incurredOn: parisIsoDay(new Date()) }));
    if (!proposed.ok) throw new Error("refusé");
    expect(await decideCost(client, purged.caseId, proposed.costId, "approved")).toEqual({ ok: true });
    expect((await recordFeePayment(lawyer, purged.caseId, feePayment({ receivedOn: parisIsoDay(new Date()) }))).ok).toBe(true);
    await db().deleteFrom("cases").where("id", "=", purged.caseId).execute();
    expect(await count("case_costs", purged.caseId)).toBe(0);
    expect(await count("case_fee_payments", purged.caseId)).toBe(0);
  });

  it("an invoice bills the approved costs on their own line, never a cost declined, withdrawn or waiting", async () => {
    await giveInvoicingProfile(lawyer);
    const billed = await caseWithActiveAgreement(client.userId, lawyer.userId, { recoveredCents: [100_000] });
    const today = parisIsoDay(new Date());
    const costs = [];
    for (const [label, amount] of [["Frais d'huissier", "120"], ["Traduction", "30"], ["Déplacement", "7"], ["Copies", "2"]] as const) {
      const proposed = await proposeCost(lawyer, billed.caseId, cost({ costLabel: label, costAmount: amount, incurredOn: today }));
      if (!proposed.ok) throw new Error("refusé");
      costs.push(proposed.costId);
    }
    expect(await decideCost(client, billed.caseId, costs[0]!, "approved")).toEqual({ ok: true });
    expect(await decideCost(client, billed.caseId, costs[1]!, "declined")).toEqual({ ok: true });
    expect(await withdrawCost(lawyer, billed.caseId, costs[2]!)).toEqual({ ok: true });
    const issued = await issueInvoice(lawyer, billed.caseId);
    if (!issued.ok) throw new Error(JSON.stringify(issued));
    const invoice = await db().selectFrom("invoices").select(["lines", "total_ht_cents"]).where("id", "=", issued.invoiceId).executeTakeFirstOrThrow();
    const lines = invoice.lines as { kind: string; htCents: number }[];
    // 500 € base fee at signature, 15 % of 1 000 € and the one approved cost of 120 €.
    expect(lines.map((line) => [line.kind, line.htCents])).toEqual([
      ["base-fee", 50_000],
      ["result-fee", 15_000],
      ["costs", 12_000],
    ]);
    expect(Number(invoice.total_ht_cents)).toBe(77_000);
  });
});
