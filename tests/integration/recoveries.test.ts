import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatEuroCents } from "~/lib/fees";
import { parisIsoDay } from "~/lib/format";
import { useFileStorage } from "~/modules/files/files.server";
import { computeFees } from "~/modules/recoveries/fee-computation";
import { recoveryMessages, recoverySchema, reversalSchema } from "~/modules/recoveries/recoveries.schema";
import {
  detailedAccountDocument,
  detailedAccountFor,
  feeFiguresForCase,
  recordRecovery,
  recordRecoveryWithProof,
  recoveriesFor,
  recoveryProof,
  reverseRecovery,
} from "~/modules/recoveries/recoveries.server";
import { NotFoundError, type UserActor } from "~/platform/actor";
import { db } from "~/platform/runtime.server";
import { queuedEmails, seedActiveAgreement } from "../support/agreements";
import { seedEnrolledAccount } from "../support/accounts";
import { actorFor, giveBarDetails, insertSubmittedCase, seedPerson } from "../support/cases";
import { startTestStore, testFileStorage, type TestStore } from "../support/file-storage";
import { pdfFile, phpScript } from "../support/upload-fixtures";
import { fold, pdfText } from "../support/pdf-text";
import { startTestRuntime, testEngines } from "../support/test-database";

const CASE_CREATED = "2026-01-10";

function form(values: Record<string, string>) {
  return recoverySchema.parse({ recoveredOn: "15/02/2026", amount: "1 000", source: "rappel-de-fonds", note: "", ...values });
}

async function ledgerCount(caseId: string): Promise<number> {
  const row = await db().selectFrom("case_recoveries").select(db().fn.countAll<string>().as("n")).where("case_id", "=", caseId).executeTakeFirstOrThrow();
  return Number(row.n);
}

describe.each(testEngines())("recoveries ledger and detailed account on %s", (engine) => {
  let stop: () => Promise<void>;
  let store: TestStore;
  let client: UserActor & { password: string };
  let lawyer: UserActor;
  let otherLawyer: UserActor;
  let admin: UserActor;
  let caseId: string;
  let bareCaseId: string;
  let paymentId: string;
  let foreignPaymentId: string;

  async function addPayment(forCase: string): Promise<string> {
    const row = await db()
      .insertInto("case_payments")
      .values({ case_id: forCase, paid_on: "2025-12-01", amount: "4000.00", method: "bank_transfer", beneficiary_kind: "iban", beneficiary: "FR7630006000011234567890189" })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }

  beforeAll(async () => {
    ({ stop } = await startTestRuntime(engine));
    store = await startTestStore("filesystem");
    useFileStorage(testFileStorage(store.store));
    client = await seedPerson("user", "Lucie", { verified: true });
    const enrolled = await seedEnrolledAccount("lawyer", { firstName: "Marc", lastName: "Conseil" });
    await db().updateTable("profiles").set({ profile_completed: true, address: "1 place de la Bourse", postal_code: "33000", city: "Bordeaux" }).where("id", "=", enrolled.userId).execute();
    await giveBarDetails(enrolled.userId);
    lawyer = actorFor("lawyer", enrolled.userId, enrolled.email, "Marc", "Conseil");
    otherLawyer = await seedPerson("lawyer", "Paul");
    admin = await seedPerson("admin", "Inès");
    const assign = async () => {
      const created = await insertSubmittedCase(client.userId);
      await db().updateTable("cases").set({ assigned_lawyer_id: lawyer.userId, assigned_at: new Date(), status: "assigned" }).where("id", "=", created.id).execute();
      await sql`UPDATE cases SET created_at = ${`${CASE_CREATED}T10:00:00Z`}::timestamptz WHERE id = ${created.id}`.execute(db());
      return created.id;
    };
    caseId = await assign();
    bareCaseId = await assign();
    paymentId = await addPayment(caseId);
    foreignPaymentId = await addPayment(bareCaseId);

    // An agreement in force, made through the modules: proposal, the client's signature, the countersignature, the seal.
    await seedActiveAgreement({ lawyer, lawyerKey: enrolled.manualKey, client, caseId, earlyStart: true });
  }, 180_000);
  afterAll(async () => {
    useFileStorage(undefined);
    await store?.close();
    await stop?.();
  });

  it("refuses each bad input with a French field message, and saves nothing", async () => {
    const parse = (values: Record<string, string>) => recoverySchema.safeParse({ recoveredOn: "15/02/2026", amount: "1 000", source: "rappel-de-fonds", note: "", ...values });
    const messageOf = (values: Record<string, string>) => {
      const result = parse(values);
      return result.success ? null : result.error.issues[0]?.message;
    };
    expect(messageOf({ amount: "0" })).toBe(recoveryMessages.amountNotPositive);
    expect(messageOf({ amount: "0,00" })).toBe(recoveryMessages.amountNotPositive);
    expect(messageOf({ amount: "-50" })).toBe(recoveryMessages.amountNotPositive);
    expect(messageOf({ amount: "1 000 000 000" })).toBe(recoveryMessages.amountTooLarge);
    expect(messageOf({ amount: "dix euros" })).toBe(recoveryMessages.amountInvalid);
    expect(messageOf({ source: "loterie" })).toBe(recoveryMessages.sourceUnknown);
    expect(messageOf({ source: "" })).toBe(recoveryMessages.sourceRequired);
    expect(messageOf({ recoveredOn: "31/02/2026" })).toBe(recoveryMessages.dateInvalid);
    expect(messageOf({ recoveredOn: "demain" })).toBe(recoveryMessages.dateFormat);
    // The largest amount the ledger holds, typed the French way, and an ISO date from a date picker.
    expect(parse({ amount: "999 999 999,99", recoveredOn: "2026-02-15" })).toMatchObject({ success: true, data: { amount: 99_999_999_999, recoveredOn: "2026-02-15" } });

    const tomorrow = new Date(Date.now() + 36 * 3600_000);
    const future = await recordRecovery(lawyer, caseId, form({ recoveredOn: parisIsoDay(tomorrow) }));
    expect(future).toEqual({ ok: false, status: 400, fieldErrors: { recoveredOn: recoveryMessages.dateInFuture } });
    const beforeCase = await recordRecovery(lawyer, caseId, form({ recoveredOn: "09/01/2026" }));
    expect(beforeCase).toEqual({ ok: false, status: 400, fieldErrors: { recoveredOn: recoveryMessages.dateBeforeCase("10/01/2026") } });
    const foreign = await recordRecovery(lawyer, caseId, form({ [`paiement-${foreignPaymentId}`]: "on" }));
    expect(foreign).toEqual({ ok: false, status: 400, fieldErrors: { paymentIds: recoveryMessages.paymentUnknown } });
    const garbageId = await recordRecovery(lawyer, caseId, form({ "paiement-pas-un-uuid": "on" }));
    expect(garbageId).toMatchObject({ ok: false, status: 400 });
    // Past the schema, the ledger's own CHECK still holds.
    await expect(recordRecovery(lawyer, caseId, { ...form({}), amount: 100_000_000_000 })).rejects.toThrow();
    expect(await ledgerCount(caseId)).toBe(0);
    expect(await queuedEmails(client.email, "somme-recuperee")).toEqual([]);
  });

  it("refuses a recovery on a case without an agreement in force (409), and to anyone but the assigned lawyer (404)", async () => {
    expect(await recordRecovery(lawyer, bareCaseId, form({}))).toEqual({ ok: false, status: 409, formError: recoveryMessages.noActiveAgreement });
    await expect(recordRecovery(client, caseId, form({}))).rejects.toBeInstanceOf(NotFoundError);
    await expect(recordRecovery(otherLawyer, caseId, form({}))).rejects.toBeInstanceOf(NotFoundError);
    await expect(recordRecovery(admin, caseId, form({}))).rejects.toBeInstanceOf(NotFoundError);
    await expect(recoveriesFor(otherLawyer, caseId)).rejects.toBeInstanceOf(NotFoundError);
    await expect(detailedAccountFor(otherLawyer, caseId)).rejects.toBeInstanceOf(NotFoundError);
    expect(await ledgerCount(caseId)).toBe(0);
    expect(await ledgerCount(bareCaseId)).toBe(0);
  });

  it("records two sums and a reversal; a reversal is never reversed, an entry is reversed once; the client is told without any amount", async () => {
    const first = await recordRecovery(lawyer, caseId, form({ amount: "1 234,56", recoveredOn: "10/01/2026", source: "rappel-de-fonds", note: "Rappel SEPA accepté", [`paiement-${paymentId}`]: "on" }));
    const second = await recordRecovery(lawyer, caseId, form({ amount: "2 000", recoveredOn: "2026-03-02", source: "chargeback" }));
    if (!first.ok || !second.ok) throw new Error(JSON.stringify({ first, second }));

    expect(await reverseRecovery(lawyer, caseId, second.recoveryId, "  ")).toEqual({ ok: false, status: 400, fieldErrors: { reason: recoveryMessages.reasonRequired } });
    await expect(reverseRecovery(client, caseId, second.recoveryId, "Erreur de saisie")).rejects.toBeInstanceOf(NotFoundError);
    const reversal = await reverseRecovery(lawyer, caseId, second.recoveryId, "Rétrofacturation contestée par le commerçant");
    if (!reversal.ok) throw new Error(JSON.stringify(reversal));
    expect(await reverseRecovery(lawyer, caseId, reversal.reversalId, "Encore")).toEqual({ ok: false, status: 409, formError: recoveryMessages.reversalOfReversal });
    expect(await reverseRecovery(lawyer, caseId, second.recoveryId, "Deux fois")).toEqual({ ok: false, status: 409, formError: recoveryMessages.alreadyReversed });
    // The database refuses the same, whatever the code above does.
    await expect(
      db()
        .insertInto("case_recoveries")
        .values({ case_id: caseId, agreement_id: (await feeFiguresForCase(db(), caseId))!.agreementId, recovered_on: "2026-03-02", amount_cents: 200_000, source: "chargeback", reverses_id: reversal.reversalId, reason: "x", recorded_by: lawyer.userId })
        .execute(),
    ).rejects.toThrow();
    await expect(sql`UPDATE case_recoveries SET note = 'modifiée' WHERE id = ${first.recoveryId}`.execute(db())).rejects.toThrow();
    await expect(sql`DELETE FROM case_recoveries WHERE id = ${first.recoveryId}`.execute(db())).rejects.toThrow();

    for (const viewer of [client, lawyer, admin]) {
      const panel = await recoveriesFor(viewer, caseId);
      expect(panel.entries.map((entry) => [entry.amountCents, entry.sourceLabel, entry.reversesId, entry.reversedById])).toEqual([
        [123_456, "Rappel de fonds par la banque", null, null],
        [200_000, "Rétrofacturation (chargeback)", null, reversal.reversalId],
        [-200_000, "Rétrofacturation (chargeback)", second.recoveryId, null],
      ]);
      expect(panel.netCents).toBe(123_456);
      expect(panel.entries[0]!.payments).toEqual([{ id: paymentId, label: expect.stringContaining("01/12/2025") }]);
      expect(panel.entries[2]!.reason).toBe("Rétrofacturation contestée par le commerçant");
      expect(panel.entries[0]!.recordedBy).toBe("Maître Marc Conseil");
      expect(panel.mayRecord).toBe(viewer === lawyer);
    }

    const emails = await queuedEmails(client.email, "somme-recuperee");
    expect(emails).toHaveLength(2);
    for (const email of emails) {
      expect(email.variables.lien).toContain(`/case/${caseId}`);
      expect(Object.values(email.variables).join(" ")).not.toMatch(/\d[\d\s\u202f\u00a0]*(,\d{2})?\s*€|1\s?234|2\s?000/);
    }
    const template = await db().selectFrom("email_templates").select(["subject", "body"]).where("key", "=", "somme-recuperee").executeTakeFirstOrThrow();
    expect(`${template.subject} ${template.body}`).not.toMatch(/montant|€/i);
    expect(template.body).toContain("Voir mon dossier\u202f: {{lien}}");
    const audit = await db().selectFrom("staff_audit_log").select(["action"]).where("target_id", "=", caseId).where("action", "like", "recovery.%").execute();
    expect(audit.map((row) => row.action).sort()).toEqual(["recovery.recorded", "recovery.recorded", "recovery.reversed"]);
  });

  it("the detailed account gives computeFees' figures, and its PDF lists them with the rounding rule", async () => {
    const account = await detailedAccountFor(client, caseId);
    if (!account) throw new Error("pas de compte détaillé");
    // Base fee 500 € payable at the end of the case: not due while the case is open. Result fee: 15 % of 1 234,56 €.
    const expected = computeFees({ baseFeeCents: 50_000, resultPercentBp: 1500, vatRateBp: 2000 }, { ledgerCents: [123_456, 200_000, -200_000], baseFeeDue: false });
    expect(account.figures).toEqual(expected);
    expect(account.figures).toMatchObject({ recoveredCents: 123_456, baseFeeHtCents: 0, resultFeeHtCents: 18_518, vatCents: 3_704, totalTtcCents: 22_222, netToClientCents: 101_234 });

    await db().updateTable("cases").set({ status: "resolved" }).where("id", "=", caseId).execute();
    const finished = await detailedAccountFor(lawyer, caseId);
    expect(finished?.figures).toEqual(computeFees({ baseFeeCents: 50_000, resultPercentBp: 1500, vatRateBp: 2000 }, { ledgerCents: [123_456], baseFeeDue: true }));
    expect(finished?.figures).toMatchObject({ baseFeeHtCents: 50_000, totalHtCents: 68_518, vatCents: 13_704, totalTtcCents: 82_222, netToClientCents: 41_234 });

    const document = await detailedAccountDocument(admin, caseId);
    if (!document.ok) throw new Error(document.message);
    const text = pdfText(document.pdf);
    for (const expectedText of [
      "Compte détaillé",
      "Frais et débours",
      `Honoraires de diligence (HT) : ${fold(formatEuroCents(50_000))}, payables à la fin du dossier`,
      `Honoraire de résultat (HT) : ${fold(formatEuroCents(18_518))} (15 % de ${fold(formatEuroCents(123_456))})`,
      `Total hors taxes (frais, débours et honoraires) : ${fold(formatEuroCents(68_518))}`,
      `TVA (20 %) : ${fold(formatEuroCents(13_704))}`,
      `Total toutes taxes comprises : ${fold(formatEuroCents(82_222))}`,
      `Sommes déjà reçues par l'avocat : ${fold(formatEuroCents(0))}`,
      `Net revenant au client : ${fold(formatEuroCents(41_234))}`,
      "Rappel de fonds par la banque",
      "Contre-passation : Rétrofacturation contestée par le commerçant",
      "arrondi une seule fois au centime",
    ]) {
      expect(text).toContain(expectedText);
    }
    expect(text).toContain(fold(formatEuroCents(-200_000)));

    expect(await detailedAccountDocument(lawyer, bareCaseId)).toMatchObject({ ok: false, status: 409 });
    await expect(detailedAccountDocument(otherLawyer, caseId)).rejects.toBeInstanceOf(NotFoundError);
    await db().updateTable("cases").set({ status: "in_progress" }).where("id", "=", caseId).execute();
  });

  it("a proof file goes through the upload pipeline with the entry; a refused form or a bad file keeps nothing", async () => {
    const request = (fields: Record<string, string>, file?: { name: string; bytes: Buffer }) => {
      const body = new FormData();
      for (const [name, value] of Object.entries({ recoveredOn: "2026-03-05", amount: "300", source: "decision-de-justice", note: "", ...fields })) body.append(name, value);
      if (file) body.append("proof", new Blob([new Uint8Array(file.bytes)]), file.name);
      return new Request(`http://localhost/case/${caseId}?intent=recovery`, { method: "POST", body });
    };
    const files = async () => Number((await db().selectFrom("stored_files").select(db().fn.countAll<string>().as("n")).executeTakeFirstOrThrow()).n);
    const entriesBefore = await ledgerCount(caseId);
    const filesBefore = await files();
    const pdf = await pdfFile({ marker: "jugement" });

    const refused = await recordRecoveryWithProof(lawyer, caseId, request({ amount: "0" }, { name: "jugement.pdf", bytes: pdf }));
    expect(refused).toMatchObject({ ok: false, status: 400, fieldErrors: { amount: recoveryMessages.amountNotPositive }, values: { amount: "0" } });
    const badFile = await recordRecoveryWithProof(lawyer, caseId, request({}, { name: "jugement.pdf", bytes: phpScript }));
    expect(badFile).toMatchObject({ ok: false, status: 400, fieldErrors: { proof: expect.any(String) } });
    await expect(recordRecoveryWithProof(client, caseId, request({}, { name: "jugement.pdf", bytes: pdf }))).rejects.toBeInstanceOf(NotFoundError);
    expect(await ledgerCount(caseId)).toBe(entriesBefore);
    expect(await files()).toBe(filesBefore);

    const recorded = await recordRecoveryWithProof(lawyer, caseId, request({ note: "Jugement du tribunal judiciaire" }, { name: "jugement.pdf", bytes: pdf }));
    if (!recorded.ok) throw new Error(JSON.stringify(recorded));
    const entry = (await recoveriesFor(client, caseId)).entries.find((item) => item.id === recorded.recoveryId);
    expect(entry).toMatchObject({ hasProof: true, amountCents: 30_000, sourceLabel: "Décision de justice" });
    for (const viewer of [client, lawyer, admin]) {
      const proof = await recoveryProof(viewer, caseId, recorded.recoveryId);
      if (!proof.ok) throw new Error(proof.message);
      expect(Buffer.concat(await proof.stream.toArray()).equals(pdf)).toBe(true);
    }
    await expect(recoveryProof(otherLawyer, caseId, recorded.recoveryId)).rejects.toBeInstanceOf(NotFoundError);
    const withoutFile = await recordRecoveryWithProof(lawyer, caseId, request({ amount: "5" }));
    if (!withoutFile.ok) throw new Error(JSON.stringify(withoutFile));
    expect(await recoveryProof(client, caseId, withoutFile.recoveryId)).toMatchObject({ ok: false, status: 404 });
    // The figures of the test above stay those of the first three entries: these two are reversed.
    for (const id of [recorded.recoveryId, withoutFile.recoveryId]) expect((await reverseRecovery(lawyer, caseId, id, "Entrée de test")).ok).toBe(true);
  });

  it("the reversal form's schema asks for a reason", () => {
    expect(reversalSchema.safeParse({ recoveryId: "x", reason: "" }).error?.issues[0]?.message).toBe(recoveryMessages.reasonRequired);
  });
});
