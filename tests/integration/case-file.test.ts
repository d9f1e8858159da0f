/**
 * The case file's use cases on both engines: payments and their totals, identifiers (typed and from payments),
 * who may change them, the linked cases each viewer sees, and the bank-deadline reminders (queued, cancelled,
 * sent only while they still apply).
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBankReminderHandler, BANK_REMINDER_JOB } from "~/modules/case-file/bank-reminders.server";
import { identifierSchema, paymentSchema, caseFileMessages } from "~/modules/case-file/case-file.schema";
import {
  addIdentifier,
  addPayment,
  caseFileFor,
  deleteIdentifier,
  deletePayment,
  linkedCases,
  updatePayment,
} from "~/modules/case-file/case-file.server";
import { listIdentifiers } from "~/modules/case-file/identifiers.server";
import { listPayments } from "~/modules/case-file/payments.server";
import { addDays, parisToday } from "~/modules/case-file/deadlines";
import { NotFoundError, type UserActor } from "~/platform/actor";
import { db } from "~/platform/runtime.server";
import { insertSubmittedCase, seedActor } from "../support/cases";
import { startTestRuntime, testEngines } from "../support/test-database";

const IBAN = "FR7630006000011234567890189";
const WALLET = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";

function payment(overrides: Record<string, string> = {}) {
  return paymentSchema.parse({
    paid_on: "01-09-2026",
    amount: "1 500",
    currency: "EUR",
    method: "bank_transfer",
    beneficiary_kind: "iban",
    beneficiary: "FR76 3000 6000 0112 3456 7890 189",
    ...overrides,
  });
}

describe.each(testEngines())("the case file on %s", (engine) => {
  let stop: () => Promise<void>;
  let client: UserActor;
  let otherClient: UserActor;
  let lawyer: UserActor;
  let otherLawyer: UserActor;
  let admin: UserActor;
  let caseA: { id: string; caseNumber: string };
  let caseB: { id: string; caseNumber: string };

  beforeAll(async () => {
    ({ stop } = await startTestRuntime(engine));
    client = await seedActor("user", "Colette", "Durand");
    otherClient = await seedActor("user", "Olivier", "Secret");
    lawyer = await seedActor("lawyer", "Alain", "Avocat");
    otherLawyer = await seedActor("lawyer", "Bérénice", "Barreau");
    admin = await seedActor("admin", "Adèle", "Martin");
    caseA = await insertSubmittedCase(client.userId);
    caseB = await insertSubmittedCase(otherClient.userId);
    const now = new Date();
    await db().updateTable("cases").set({ assigned_lawyer_id: lawyer.userId, assigned_at: now }).where("id", "=", caseA.id).execute();
    await db().updateTable("cases").set({ assigned_lawyer_id: otherLawyer.userId, assigned_at: now }).where("id", "=", caseB.id).execute();
  }, 120_000);
  afterAll(async () => {
    await stop?.();
  });

  const paymentCount = async (caseId: string) =>
    Number((await db().selectFrom("case_payments").select(({ fn }) => fn.countAll().as("n")).where("case_id", "=", caseId).executeTakeFirstOrThrow()).n);
  const reminders = (paymentId: string) =>
    db().selectFrom("jobs").select(["id", "run_at", "payload", "status"]).where("kind", "=", BANK_REMINDER_JOB).where(sql<string>`payload->>'paymentId'`, "=", paymentId).execute();

  it("adds payments, sums them exactly per currency, and lists the IBAN and wallet as identifiers once each", async () => {
    expect(await addPayment(client, caseA.id, payment())).toMatchObject({ ok: true });
    expect(await addPayment(client, caseA.id, payment({ paid_on: "05-09-2026", amount: "2 250,50" }))).toMatchObject({ ok: true });
    expect(
      await addPayment(client, caseA.id, payment({ method: "cryptocurrency", beneficiary_kind: "wallet", wallet_network: "eth", beneficiary: WALLET, amount: "800", currency: "CHF" })),
    ).toMatchObject({ ok: true });

    const payments = await listPayments(client, caseA.id);
    expect(payments.map((row) => [row.paidOn, row.amount, row.currency])).toEqual([
      ["2026-09-01", "1500.00", "EUR"],
      ["2026-09-05", "2250.50", "EUR"],
      ["2026-09-01", "800.00", "CHF"],
    ].sort((a, b) => (a[0]! < b[0]! ? -1 : a[0]! > b[0]! ? 1 : 0)));
    const view = await caseFileFor(client, caseA.id);
    expect(view.totals).toEqual([
      { currency: "EUR", amount: "3750.50", count: 2 },
      { currency: "CHF", amount: "800", count: 1 },
    ]);
    const identifiers = await listIdentifiers(lawyer, caseA.id);
    expect(identifiers.map((row) => [row.kind, row.normalized, row.fromPayment])).toEqual([
      ["iban", IBAN, true],
      ["wallet", WALLET.toLowerCase(), true],
    ]);
  });

  it("answers 404 for someone else's case and saves nothing", async () => {
    await expect(addPayment(otherClient, caseA.id, payment())).rejects.toBeInstanceOf(NotFoundError);
    await expect(addPayment(otherLawyer, caseA.id, payment())).rejects.toBeInstanceOf(NotFoundError);
    await expect(listPayments(otherClient, caseA.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(addIdentifier(otherClient, caseA.id, identifierSchema.parse({ kind: "phone", value: "06 12 34 56 78" }))).rejects.toBeInstanceOf(NotFoundError);
    expect(await paymentCount(caseA.id)).toBe(3);
  });

  it("lets the assigned lawyer add a payment, journaled; the client can no longer change a case in progress", async () => {
    const added = await addPayment(lawyer, caseA.id, payment({ paid_on: "10-09-2026", amount: "100" }));
    expect(added.ok).toBe(true);
    const journal = await db().selectFrom("staff_audit_log").selectAll().where("action", "=", "case.payment-added").where("actor_id", "=", lawyer.userId).execute();
    expect(journal).toHaveLength(1);
    expect(journal[0]!.target_id).toBe(caseA.id);
    if (added.ok) expect((await deletePayment(admin, caseA.id, added.id)).ok).toBe(true);

    await db().updateTable("cases").set({ status: "in_progress" }).where("id", "=", caseA.id).execute();
    const refused = await addPayment(client, caseA.id, payment());
    expect(refused).toEqual({ ok: false, status: 409, formError: caseFileMessages.readOnly });
    expect((await caseFileFor(client, caseA.id)).canEdit).toBe(false);
    await db().updateTable("cases").set({ status: "submitted" }).where("id", "=", caseA.id).execute();
    expect(await paymentCount(caseA.id)).toBe(3);
  });

  it("normalises typed identifiers and refuses the same one twice", async () => {
    expect((await addIdentifier(client, caseA.id, identifierSchema.parse({ kind: "phone", value: "06 12 34 56 78" }))).ok).toBe(true);
    expect((await addIdentifier(client, caseA.id, identifierSchema.parse({ kind: "website", value: "https://www.Faux-Placement.com/offre" }))).ok).toBe(true);
    const again = await addIdentifier(client, caseA.id, identifierSchema.parse({ kind: "phone", value: "+33 6 12 34 56 78" }));
    expect(again).toEqual({ ok: false, status: 409, fieldErrors: { value: caseFileMessages.identifierDuplicate } });
    const rows = await listIdentifiers(client, caseA.id);
    expect(rows.filter((row) => !row.fromPayment).map((row) => [row.kind, row.normalized])).toEqual([
      ["phone", "+33612345678"],
      ["website", "faux-placement.com"],
    ]);
    const fromPayment = rows.find((row) => row.kind === "iban")!;
    expect(await deleteIdentifier(client, caseA.id, fromPayment.id)).toEqual({ ok: false, status: 409, formError: caseFileMessages.identifierFromPayment });
  });

  it("links cases sharing an identifier: admins see and open them, the lawyer sees the count only, the client nothing", async () => {
    await addPayment(otherClient, caseB.id, payment({ beneficiary: IBAN, amount: "9 000" }));
    await addIdentifier(otherClient, caseB.id, identifierSchema.parse({ kind: "phone", value: "+33612345678" }));

    const forAdmin = await linkedCases(admin, caseA.id);
    expect(forAdmin.map((link) => [link.kind, link.otherCases, link.openable.map((other) => other.caseNumber)]).sort()).toEqual([
      ["iban", 1, [caseB.caseNumber]],
      ["phone", 1, [caseB.caseNumber]],
    ]);
    const forLawyer = await linkedCases(lawyer, caseA.id);
    expect(forLawyer.map((link) => [link.kind, link.otherCases, link.openable]).sort()).toEqual([
      ["iban", 1, []],
      ["phone", 1, []],
    ]);
    expect(JSON.stringify(await caseFileFor(lawyer, caseA.id))).not.toContain("Secret");
    expect(await linkedCases(client, caseA.id)).toEqual([]);

    // A case of the same lawyer is named to them.
    const caseC = await insertSubmittedCase(otherClient.userId);
    await db().updateTable("cases").set({ assigned_lawyer_id: lawyer.userId, assigned_at: new Date() }).where("id", "=", caseC.id).execute();
    await addPayment(otherClient, caseC.id, payment());
    const iban = (await linkedCases(lawyer, caseA.id)).find((link) => link.kind === "iban")!;
    expect(iban.otherCases).toBe(2);
    expect(iban.openable.map((other) => other.caseNumber)).toEqual([caseC.caseNumber]);
    const view = await caseFileFor(lawyer, caseA.id);
    expect(view.identifiers.find((row) => row.kind === "iban")?.links?.otherCases).toBe(2);
  });

  it("queues reminders 30 and 7 days before a bank deadline, and cancels them when the payment changes or goes", async () => {
    const recent = addDays(parisToday(), -20);
    const [y, m, d] = recent.split("-");
    const added = await addPayment(client, caseA.id, payment({ paid_on: `${d}-${m}-${y}`, method: "credit_card", beneficiary_kind: "card_merchant", beneficiary: "FAUX-INVEST LTD" }));
    if (!added.ok) throw new Error("payment refused");
    const queued = await reminders(added.id);
    expect(queued).toHaveLength(2);
    expect(queued.every((job) => job.status === "queued" && job.run_at > new Date())).toBe(true);

    const view = await caseFileFor(client, caseA.id);
    const deadline = view.deadlines.bank.find((row) => row.paymentId === added.id)!;
    expect(deadline.daysLeft).toBeGreaterThan(360);
    expect(view.deadlines.asap.map((action) => action.key)).toContain("block-card");

    // Changed to a cash payment: no bank deadline, no reminder.
    await updatePayment(client, caseA.id, added.id, payment({ paid_on: `${d}-${m}-${y}`, method: "cash", beneficiary_kind: "other", beneficiary: "Remis en main propre" }));
    expect(await reminders(added.id)).toHaveLength(0);
    await updatePayment(client, caseA.id, added.id, payment({ paid_on: `${d}-${m}-${y}` }));
    expect(await reminders(added.id)).toHaveLength(2);
    await deletePayment(client, caseA.id, added.id);
    expect(await reminders(added.id)).toHaveLength(0);
  });

  it("sends a due reminder as an email, and none once the case is closed or the payment is gone", async () => {
    const handler = createBankReminderHandler();
    const [first] = await listPayments(client, caseA.id);
    const job = (paymentId: string, paidOn: string) => ({ id: 999_001, kind: BANK_REMINDER_JOB, attempt: 1, maxAttempts: 5, payload: { paymentId, paidOn, daysBefore: 7 } });
    const emails = () => db().selectFrom("jobs").select("payload").where("kind", "=", "email").execute();
    const before = (await emails()).length;
    await handler(job(first!.id, first!.paidOn), db());
    const after = await emails();
    expect(after).toHaveLength(before + 1);
    expect(JSON.stringify(after.at(-1)!.payload)).toContain(caseA.caseNumber);

    await handler(job(first!.id, "2020-01-01"), db());
    await handler(job("00000000-0000-4000-8000-000000000000", first!.paidOn), db());
    await db().updateTable("cases").set({ status: "closed" }).where("id", "=", caseA.id).execute();
    await handler(job(first!.id, first!.paidOn), db());
    expect(await emails()).toHaveLength(before + 1);
    await db().updateTable("cases").set({ status: "submitted" }).where("id", "=", caseA.id).execute();
  });
});
