import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parisIsoDay } from "~/lib/format";
import { agreementMessages, proposalSchema } from "~/modules/agreements/agreements.schema";
import {
  agreementDocument,
  agreementPanelFor,
  countersign,
  proposeAgreement,
  recordEmailWithdrawal,
  requestSigningCode,
  signAsClient,
  withdrawAgreement,
  withdrawalLastDay,
} from "~/modules/agreements/agreements.server";
import { changeCaseStatusByLawyer } from "~/modules/cases/lawyer-cases.server";
import { lawyerCaseMessages, statusChangeSchema } from "~/modules/cases/lawyer-cases.schema";
import { dashboardFor, type LawyerDashboard, type UserDashboard } from "~/modules/dashboard/dashboard.server";
import { useFileStorage, type FileStorage } from "~/modules/files/files.server";
import { NotFoundError, type UserActor } from "~/platform/actor";
import { db } from "~/platform/runtime.server";
import { drainSealJobs, latestSigningCode, proposeTerms, queuedEmails, signWithEmailedCode } from "../support/agreements";
import { seedEnrolledAccount, totpCode } from "../support/accounts";
import { actorFor, giveBarDetails, insertSubmittedCase, seedPerson } from "../support/cases";
import { startTestStore, testFileStorage, type TestStore } from "../support/file-storage";
import { startTestRuntime, testEngines } from "../support/test-database";

const ORIGIN = { ipAddress: "203.0.113.7", userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1" };

function run(command: string, pdf: Uint8Array): { status: number | null; output: string } {
  const directory = mkdtempSync(path.join(tmpdir(), "recours-agreement-"));
  try {
    const file = path.join(directory, "convention.pdf");
    writeFileSync(file, pdf);
    const result = spawnSync(command, command === "pdftotext" ? ["-enc", "UTF-8", file, "-"] : [file], { encoding: "utf8" });
    return { status: result.status, output: `${result.stdout}\n${result.stderr}` };
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

async function agreementState(id: string) {
  return (await db().selectFrom("fee_agreements").select(["state"]).where("id", "=", id).executeTakeFirstOrThrow()).state;
}

describe.each(testEngines())("fee agreements on %s", (engine) => {
  let stop: () => Promise<void>;
  let store: TestStore;
  let storage: FileStorage;
  let client: UserActor & { password: string };
  let otherClient: UserActor & { password: string };
  let lawyer: UserActor;
  let lawyerKey: string;
  let otherLawyer: UserActor;
  let admin: UserActor;
  let caseId: string;

  async function assignedCase(owner: UserActor): Promise<string> {
    const created = await insertSubmittedCase(owner.userId);
    await db().updateTable("cases").set({ assigned_lawyer_id: lawyer.userId, assigned_at: new Date(), status: "assigned" }).where("id", "=", created.id).execute();
    return created.id;
  }

  beforeAll(async () => {
    ({ stop } = await startTestRuntime(engine));
    store = await startTestStore("filesystem");
    storage = testFileStorage(store.store);
    useFileStorage(storage);
    client = await seedPerson("user", "Eloise", { verified: true });
    otherClient = await seedPerson("user", "Bastien", { verified: true });
    const enrolled = await seedEnrolledAccount("lawyer", { firstName: "Anne", lastName: "Avocate" });
    lawyerKey = enrolled.manualKey;
    await db().updateTable("profiles").set({ profile_completed: true, address: "3 cours de l'Intendance", postal_code: "33000", city: "Bordeaux" }).where("id", "=", enrolled.userId).execute();
    await giveBarDetails(enrolled.userId);
    lawyer = actorFor("lawyer", enrolled.userId, enrolled.email, "Anne", "Avocate");
    otherLawyer = await seedPerson("lawyer", "Paul");
    admin = await seedPerson("admin", "Inès");
    caseId = await assignedCase(client);
  }, 120_000);
  afterAll(async () => {
    useFileStorage(undefined);
    await store?.close();
    await stop?.();
  });

  it("refuses a proposal outside the template's bounds with French field errors, and stores nothing", async () => {
    const tooLow = await proposeAgreement(lawyer, caseId, proposalSchema.parse({ baseFee: "10", resultPercent: "99", foreseenCosts: "" }));
    expect(tooLow).toMatchObject({ ok: false, status: 400 });
    expect(tooLow.ok ? {} : tooLow.fieldErrors).toMatchObject({ baseFee: expect.stringContaining("doivent être compris entre"), resultPercent: expect.stringContaining("doit être compris entre") });
    const garbage = await proposeAgreement(lawyer, caseId, proposalSchema.parse({ baseFee: "cinq cents", resultPercent: "quinze", foreseenCosts: "" }));
    expect(garbage.ok ? {} : garbage.fieldErrors).toEqual({ baseFee: agreementMessages.baseFeeInvalid, resultPercent: agreementMessages.percentInvalid });
    const count = await db().selectFrom("fee_agreements").select(db().fn.countAll<string>().as("n")).where("case_id", "=", caseId).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it("the lawyer proposes: the PDF is stored with its SHA-256, and the client is told by e-mail without any amount", async () => {
    const agreementId = await proposeTerms(lawyer, caseId, { foreseenCosts: "Traduction des échanges en anglais" });
    const panel = await agreementPanelFor(client, caseId);
    expect(panel.current).toMatchObject({ id: agreementId, state: "proposed", revision: 1 });
    expect(panel.maySign).toBe(true);
    const document = await agreementDocument(client, caseId, agreementId, "proposal");
    if (!document.ok) throw new Error("document absent");
    expect(createHash("sha256").update(document.pdf).digest("hex")).toBe(panel.current!.documentSha256);
    const text = run("pdftotext", document.pdf).output.replace(/\s+/g, " ");
    expect(text).toContain("Convention d'honoraires");
    expect(text).toContain("Eloise NomEloise");
    expect(text).toContain("Barreau de Bordeaux");
    expect(text).toContain("Traduction des échanges en anglais");
    expect(((await dashboardFor(client)) as UserDashboard).agreementsToSign).toEqual([{ caseId, caseNumber: expect.any(String) }]);
    const emails = await queuedEmails(client.email, "convention-proposee");
    expect(emails).toHaveLength(1);
    expect(JSON.stringify(emails[0])).not.toMatch(/€|%|500/);
  });

  it("another client, another lawyer and an admin cannot act on the agreement (404), an admin only reads it", async () => {
    const { current } = await agreementPanelFor(client, caseId);
    await expect(agreementPanelFor(otherClient, caseId)).rejects.toBeInstanceOf(NotFoundError);
    await expect(agreementPanelFor(otherLawyer, caseId)).rejects.toBeInstanceOf(NotFoundError);
    await expect(agreementDocument(otherClient, caseId, current!.id, "proposal")).rejects.toBeInstanceOf(NotFoundError);
    await expect(requestSigningCode(otherClient, caseId, current!.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(proposeAgreement(otherLawyer, caseId, proposalSchema.parse({ baseFee: "500", resultPercent: "15" }))).rejects.toBeInstanceOf(NotFoundError);
    await expect(proposeAgreement(admin, caseId, proposalSchema.parse({ baseFee: "500", resultPercent: "15" }))).rejects.toBeInstanceOf(NotFoundError);
    await expect(withdrawAgreement(lawyer, caseId, current!.id)).rejects.toBeInstanceOf(NotFoundError);
    const adminView = await agreementPanelFor(admin, caseId);
    expect(adminView).toMatchObject({ maySign: false, mayCountersign: false, mayPropose: false, mayWithdraw: false });
  });

  it("'En cours' is refused without an active agreement (unless an urgency is given)", async () => {
    const refused = await changeCaseStatusByLawyer(lawyer, statusChangeSchema.parse({ caseId, status: "in_progress" }));
    expect(refused).toEqual({ ok: false, status: 409, message: lawyerCaseMessages.agreementRequired });
    expect((await db().selectFrom("cases").select("status").where("id", "=", caseId).executeTakeFirstOrThrow()).status).toBe("assigned");
  });

  it("signing: a wrong password, a wrong, expired or reused code, six wrong codes and a replaced version are refused", async () => {
    const first = (await agreementPanelFor(client, caseId)).current!;
    const sign = (values: Partial<Parameters<typeof signAsClient>[2]>, now?: Date) =>
      signAsClient(client, caseId, { agreementId: first.id, documentSha256: first.documentSha256, consent: "on", earlyStart: false, password: client.password, code: "000000", ...values }, ORIGIN, now);

    await requestSigningCode(client, caseId, first.id);
    const code = await latestSigningCode(client.email);
    expect(await sign({ password: "pas le bon mot de passe", code })).toMatchObject({ ok: false, status: 400, fieldErrors: { password: "Mot de passe incorrect." } });
    // Expired: ten minutes later the code no longer works.
    expect(await sign({ code }, new Date(Date.now() + 11 * 60_000))).toMatchObject({ ok: false, status: 400, fieldErrors: { code: agreementMessages.codeExpired } });

    // Five tries per code: the fifth wrong code ends it, and the right one is then refused too.
    await requestSigningCode(client, caseId, first.id);
    const fresh = await latestSigningCode(client.email);
    const wrong = fresh === "111111" ? "222222" : "111111";
    for (let attempt = 1; attempt <= 4; attempt += 1) expect(await sign({ code: wrong })).toMatchObject({ ok: false, status: 400, fieldErrors: { code: agreementMessages.codeWrong } });
    expect(await sign({ code: wrong })).toMatchObject({ ok: false, status: 429, fieldErrors: { code: agreementMessages.codeTooManyTries } });
    expect(await sign({ code: fresh })).toMatchObject({ ok: false, status: 429, fieldErrors: { code: agreementMessages.codeTooManyTries } });
    expect(await agreementState(first.id)).toBe("proposed");

    // The lawyer replaces the proposal meanwhile: signing what was read is refused.
    await requestSigningCode(client, caseId, first.id);
    const beforeReplacement = await latestSigningCode(client.email);
    const secondId = await proposeTerms(lawyer, caseId, { resultPercent: "12,5" });
    expect(await sign({ code: beforeReplacement })).toEqual({ ok: false, status: 409, formError: agreementMessages.changed });
    expect(await agreementState(first.id)).toBe("replaced");

    // The right code works once; reused, it is refused.
    const documentSha256 = await signWithEmailedCode(client, caseId, secondId, { earlyStart: false, origin: ORIGIN });
    const signature = await db().selectFrom("fee_agreement_signatures").selectAll().where("agreement_id", "=", secondId).executeTakeFirstOrThrow();
    expect(signature).toMatchObject({ role: "client", method: "password-email-code", ip_address: ORIGIN.ipAddress, user_agent: ORIGIN.userAgent, document_sha256: documentSha256 });
    const reused = await signAsClient(client, caseId, { agreementId: secondId, documentSha256, consent: "on", earlyStart: false, password: client.password, code: await latestSigningCode(client.email) }, ORIGIN);
    expect(reused).toMatchObject({ ok: false, status: 409 });
    expect(await queuedEmails(lawyer.email, "convention-signee-client")).toHaveLength(1);
  });

  it("countersigned, the agreement is not active until sealed; the seal job finishes it once, and pdfsig accepts the whole file", async () => {
    const current = (await agreementPanelFor(lawyer, caseId)).current!;
    expect(current.state).toBe("signed");
    expect(((await dashboardFor(lawyer)) as LawyerDashboard).agreementsToCountersign).toEqual([{ caseId, caseNumber: expect.any(String) }]);
    expect(await countersign(lawyer, caseId, { agreementId: current.id, documentSha256: current.documentSha256, code: "000000" }, ORIGIN)).toMatchObject({ ok: false, status: 400 });
    expect(await countersign(lawyer, caseId, { agreementId: current.id, documentSha256: current.documentSha256, code: await totpCode(lawyerKey) }, ORIGIN)).toEqual({ ok: true });

    // As after a crash between the countersignature and the seal: nothing is shown as active, no sealed document.
    const waiting = await agreementPanelFor(client, caseId);
    expect(waiting.current).toMatchObject({ state: "countersigned", sealed: null });
    expect((await agreementDocument(client, caseId, current.id, "sealed")).ok).toBe(false);

    await drainSealJobs();
    await drainSealJobs();
    const documents = await db().selectFrom("fee_agreement_documents").select(["kind"]).where("agreement_id", "=", current.id).execute();
    expect(documents.map((d) => d.kind).sort()).toEqual(["proposal", "sealed"]);
    const active = await agreementPanelFor(client, caseId);
    expect(active.current).toMatchObject({ state: "active", sealed: { intact: true } });
    expect(await queuedEmails(client.email, "convention-en-vigueur")).toHaveLength(1);

    const sealed = await agreementDocument(lawyer, caseId, current.id, "sealed");
    if (!sealed.ok) throw new Error("document scellé absent");
    const verified = run("pdfsig", sealed.pdf);
    expect(verified.output).toContain("Signature is Valid");
    expect(verified.output).toContain("Total document signed");
    const evidence = run("pdftotext", sealed.pdf).output.replace(/\s+/g, " ");
    expect(evidence).toContain(current.documentSha256);
    expect(evidence).toContain(ORIGIN.ipAddress);
    expect(evidence).toContain("Eloise NomEloise");

    // Now work may start.
    expect(await changeCaseStatusByLawyer(lawyer, statusChangeSchema.parse({ caseId, status: "in_progress" }))).toMatchObject({ ok: true });
  }, 60_000);

  it("a tampered stored PDF is shown as altered and never served", async () => {
    const current = (await agreementPanelFor(client, caseId)).current!;
    const row = await db()
      .selectFrom("fee_agreement_documents as d")
      .innerJoin("stored_files as f", "f.id", "d.file_id")
      .select(["f.id", "f.object_name"])
      .where("d.agreement_id", "=", current.id)
      .where("d.kind", "=", "sealed")
      .executeTakeFirstOrThrow();
    const original = await agreementDocument(client, caseId, current.id, "sealed");
    if (!original.ok) throw new Error("document scellé absent");
    const tampered = Buffer.from(original.pdf);
    const middle = Math.floor(tampered.length / 2);
    tampered[middle] = tampered[middle]! ^ 0x01;
    // Rewritten through the gateway under the same file id: it decrypts, but its hash is no longer the recorded one.
    const written = await storage.writeObject(row.id, Readable.from([tampered]));
    await db()
      .updateTable("stored_files")
      .set({ object_name: written.objectName, key_id: written.keyId, wrapped_key: written.wrappedKey, nonce_prefix: written.noncePrefix, size_bytes: written.sizeBytes })
      .where("id", "=", row.id)
      .execute();
    expect(run("pdfsig", tampered).output).not.toContain("Signature is Valid");
    const refused = await agreementDocument(client, caseId, current.id, "sealed");
    expect(refused).toMatchObject({ ok: false, status: 409, message: expect.stringContaining("altéré") });
    expect((await agreementPanelFor(lawyer, caseId)).current?.sealed).toEqual({ sha256: expect.any(String), intact: false });
  });

  it("withdrawal: accepted on the 14th day after signing, refused on the 15th; both are told; an early start leaves the work done payable", async () => {
    const other = await assignedCase(client);
    const agreementId = await proposeTerms(lawyer, other);
    await signWithEmailedCode(client, other, agreementId, { earlyStart: true, origin: ORIGIN });
    const signedAt = (await db().selectFrom("fee_agreements").select("client_signed_at").where("id", "=", agreementId).executeTakeFirstOrThrow()).client_signed_at!;
    const lastDay = withdrawalLastDay(signedAt);
    const dayFifteen = new Date(`${lastDay}T23:30:00Z`); // 00:30 or 01:30 in Paris: the 15th day
    expect(await withdrawAgreement(client, other, agreementId, dayFifteen)).toEqual({ ok: false, status: 409, formError: agreementMessages.withdrawalClosed });
    expect(await recordEmailWithdrawal(lawyer, other, { agreementId, sentOn: new Date(dayFifteen.getTime() + 86_400_000).toISOString().slice(0, 10) }, new Date(dayFifteen.getTime() + 2 * 86_400_000))).toMatchObject({ ok: false, status: 409 });
    expect(await agreementState(agreementId)).toBe("signed");
    const dayFourteen = new Date(`${lastDay}T20:00:00Z`); // 21:00 or 22:00 in Paris, still the 14th day
    expect(await withdrawAgreement(client, other, agreementId, dayFourteen)).toEqual({ ok: true, earlyStart: true });
    expect(await agreementState(agreementId)).toBe("withdrawn");
    const toClient = await queuedEmails(client.email, "convention-retractee");
    expect(toClient.at(-1)?.variables.suite).toContain("travail déjà accompli");
    expect(await queuedEmails(lawyer.email, "convention-retractee")).toHaveLength(1);
    const events = await db().selectFrom("fee_agreement_events").select(["to_state"]).where("agreement_id", "=", agreementId).orderBy("id").execute();
    expect(events.map((event) => event.to_state)).toEqual(["proposed", "signed", "withdrawn"]);
  });

  it("a withdrawal sent by e-mail with the model form is recorded by the lawyer, and journalled", async () => {
    const third = await assignedCase(client);
    const agreementId = await proposeTerms(lawyer, third);
    await signWithEmailedCode(client, third, agreementId, { origin: ORIGIN });
    // The day in Paris, as the module counts it: between 23:00 and midnight UTC the UTC date is the day before.
    const today = parisIsoDay();
    expect(await recordEmailWithdrawal(lawyer, third, { agreementId, sentOn: "2999-01-01" })).toMatchObject({ ok: false, status: 400 });
    expect(await recordEmailWithdrawal(lawyer, third, { agreementId, sentOn: today })).toEqual({ ok: true, earlyStart: false });
    expect(await db().selectFrom("fee_agreements").select(["state", "withdrawal_channel"]).where("id", "=", agreementId).executeTakeFirstOrThrow()).toEqual({
      state: "withdrawn",
      withdrawal_channel: "email",
    });
    const journalled = await db().selectFrom("staff_audit_log").select(["action"]).where("target_id", "=", third).where("action", "=", "agreement.withdrawal-recorded").execute();
    expect(journalled).toHaveLength(1);
    // Once withdrawn, the lawyer may propose a new agreement.
    expect((await agreementPanelFor(lawyer, third)).mayPropose).toBe(true);
  });

  it("the evidence tables are append-only", async () => {
    await expect(db().updateTable("fee_agreement_signatures").set({ ip_address: "0.0.0.0" }).execute()).rejects.toThrow(/ajout seul/);
    await expect(db().deleteFrom("fee_agreement_documents").execute()).rejects.toThrow(/ajout seul/);
  });
});

