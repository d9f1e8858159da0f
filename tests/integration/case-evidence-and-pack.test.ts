import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bankLetterFor, complaintPackFor } from "~/modules/case-file/complaint-pack.server";
import { formatMoney } from "~/modules/case-file/case-file-format";
import { listEvidence, uploadEvidence } from "~/modules/case-file/evidence.server";
import { evidenceMessages } from "~/modules/case-file/evidence.schema";
import { caseWizardFor } from "~/modules/cases/cases.server";
import { useFileStorage, type FileStorage } from "~/modules/files/files.server";
import { uploadMessages } from "~/modules/files/upload-messages";
import { downloadFile } from "~/modules/identity/identity.server";
import { NotFoundError, type UserActor } from "~/platform/actor";
import { db } from "~/platform/runtime.server";
import { insertSubmittedCase, seedCaseCast } from "../support/cases";
import { startTestStore, testFileStorage, type TestStore } from "../support/file-storage";
import { startTestRuntime, testEngines } from "../support/test-database";
import { jpegFile, pdfFile, phpScript } from "../support/upload-fixtures";

const IBAN = "FR7630006000011234567890189";

function evidenceRequest(caseId: string, fields: Record<string, string>, files: { name: string; bytes: Buffer }[]): Request {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append("fichiers", new Blob([new Uint8Array(file.bytes)]), file.name);
  return new Request(`http://localhost/case/${caseId}/preuves`, { method: "POST", body: form });
}

/** The text of a PDF as pdftotext reads it, whitespace (no-break spaces included) collapsed to single spaces. */
function pdfText(pdf: Buffer): string {
  const directory = mkdtempSync(path.join(tmpdir(), "recours-pdf-"));
  try {
    const file = path.join(directory, "document.pdf");
    writeFileSync(file, pdf);
    return execFileSync("pdftotext", ["-enc", "UTF-8", file, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

const spaced = (text: string) => text.replace(/\s+/g, " ");

async function addPayment(caseId: string, payment: { paidOn: string; amount: string; currency?: "EUR" | "CHF"; method?: string; iban?: string; wallet?: string; bank?: string }) {
  await db()
    .insertInto("case_payments")
    .values({
      case_id: caseId,
      paid_on: payment.paidOn,
      amount: payment.amount,
      currency: payment.currency ?? "EUR",
      method: (payment.method ?? (payment.wallet ? "cryptocurrency" : "bank_transfer")) as "bank_transfer",
      beneficiary_kind: payment.wallet ? "wallet" : "iban",
      beneficiary: payment.wallet ?? payment.iban ?? IBAN,
      wallet_network: payment.wallet ? "btc" : null,
      payer_bank: payment.bank ?? null,
    })
    .execute();
}

describe.each(testEngines())("case evidence and complaint pack on %s", (engine) => {
  let stop: () => Promise<void>;
  let store: TestStore;
  let storage: FileStorage;
  let client: UserActor;
  let otherClient: UserActor;
  let lawyer: UserActor;
  let otherLawyer: UserActor;
  let admin: UserActor;
  let caseId: string;
  let caseNumber: string;
  let photo: Buffer;
  let pdf: Buffer;

  beforeAll(async () => {
    ({ stop } = await startTestRuntime(engine));
    store = await startTestStore("filesystem");
    storage = testFileStorage(store.store);
    useFileStorage(storage);
    photo = await jpegFile();
    pdf = await pdfFile({ marker: "releve" });
    ({ client, otherClient, lawyer, otherLawyer, admin } = await seedCaseCast());
    ({ id: caseId, caseNumber } = await insertSubmittedCase(client.userId));
    await db().updateTable("cases").set({ assigned_lawyer_id: lawyer.userId, assigned_at: new Date(), status: "assigned" }).where("id", "=", caseId).execute();
  }, 120_000);
  afterAll(async () => {
    useFileStorage(undefined);
    await store?.close();
    await stop?.();
  });

  async function counts() {
    const [evidence, files] = await Promise.all([
      db().selectFrom("case_evidence").select(db().fn.countAll<string>().as("n")).executeTakeFirstOrThrow(),
      db().selectFrom("stored_files").select(db().fn.countAll<string>().as("n")).executeTakeFirstOrThrow(),
    ]);
    return { evidence: Number(evidence.n), files: Number(files.n), objects: await store.count() };
  }

  it("records each evidence file with its category, description and the SHA-256 of the original", async () => {
    const result = await uploadEvidence(
      client,
      caseId,
      evidenceRequest(caseId, { category: "bank_statements", description: "Relevé de mars" }, [
        { name: "relevé-mars.pdf", bytes: pdf },
        { name: "capture.jpg", bytes: photo },
      ]),
      { storage },
    );
    expect(result).toMatchObject({ ok: true, message: evidenceMessages.uploaded(2) });
    const items = await listEvidence(client, caseId);
    expect(items).toHaveLength(2);
    expect(items.map((item) => item.fileName)).toEqual(["relevé-mars.pdf", "capture.jpg"]);
    expect(items[0]).toMatchObject({ category: "bank_statements", description: "Relevé de mars", mediaType: "application/pdf" });
    // The hash is the one of the bytes sent, even for the photo the pipeline re-encoded.
    expect(items.map((item) => item.sha256)).toEqual([createHash("sha256").update(pdf).digest("hex"), createHash("sha256").update(photo).digest("hex")]);
    const stored = await buffer((await storage.open(items[0]!.fileId)).stream);
    expect(stored.equals(pdf)).toBe(true);
  });

  it("lets the client, the assigned lawyer and an admin download; others get 404", async () => {
    const [item] = await listEvidence(client, caseId);
    for (const viewer of [client, lawyer, admin]) {
      expect(await listEvidence(viewer, caseId)).toHaveLength(2);
      const redirect = await downloadFile(viewer, item!.fileId, { exp: null, sig: null }, { storage });
      expect(redirect.kind).toBe("redirect");
      const url = new URL((redirect as { location: string }).location, "http://localhost");
      const served = await downloadFile(viewer, item!.fileId, { exp: url.searchParams.get("exp"), sig: url.searchParams.get("sig") }, { storage });
      expect(served.kind).toBe("file");
      if (served.kind === "file") expect((await buffer(served.stream)).equals(pdf)).toBe(true);
      // A link made for someone else is no use to another person.
      if (viewer !== client) {
        const foreign = await downloadFile(client, item!.fileId, { exp: url.searchParams.get("exp"), sig: url.searchParams.get("sig") }, { storage });
        expect(foreign).toMatchObject({ kind: "refused", status: 403 });
      }
    }
    for (const stranger of [otherClient, otherLawyer]) {
      await expect(listEvidence(stranger, caseId)).rejects.toBeInstanceOf(NotFoundError);
      expect(await downloadFile(stranger, item!.fileId, { exp: null, sig: null }, { storage })).toMatchObject({ kind: "refused", status: 404 });
    }
    const journal = await db().selectFrom("staff_audit_log").select(["actor_id", "action", "target_id"]).where("action", "=", "evidence.viewed").execute();
    expect(journal.map((entry) => entry.actor_id).sort()).toEqual([lawyer.userId, admin.userId].sort());
    expect(journal.every((entry) => entry.target_id === item!.fileId)).toBe(true);
  });

  it("refuses bad inputs with a French message and keeps nothing", async () => {
    const before = await counts();
    const cases: [Request, number, string][] = [
      [evidenceRequest(caseId, { category: "bank_statements", description: "Script" }, [{ name: "photo.jpg", bytes: phpScript }]), 415, uploadMessages.wrongType],
      [evidenceRequest(caseId, { category: "not-a-type", description: "Relevé" }, [{ name: "r.pdf", bytes: pdf }]), 422, evidenceMessages.chooseCategory],
      [evidenceRequest(caseId, { category: "bank_statements", description: "" }, [{ name: "r.pdf", bytes: pdf }]), 422, evidenceMessages.describe],
      [evidenceRequest(caseId, { category: "bank_statements", description: "x".repeat(201) }, [{ name: "r.pdf", bytes: pdf }]), 422, evidenceMessages.descriptionTooLong],
      [evidenceRequest(caseId, { category: "bank_statements", description: "ligne 1\nligne 2" }, [{ name: "r.pdf", bytes: pdf }]), 422, evidenceMessages.descriptionOneLine],
      [evidenceRequest(caseId, { category: "bank_statements", description: "Rien" }, []), 400, uploadMessages.noFile],
    ];
    for (const [request, status, message] of cases) {
      expect(await uploadEvidence(client, caseId, request, { storage })).toMatchObject({ ok: false, status, message });
    }
    // Someone else's case: 404, nothing read.
    await expect(
      uploadEvidence(otherClient, caseId, evidenceRequest(caseId, { category: "bank_statements", description: "Intrus" }, [{ name: "r.pdf", bytes: pdf }]), { storage }),
    ).rejects.toBeInstanceOf(NotFoundError);
    // Staff read the evidence but do not add to the client's file.
    expect(
      await uploadEvidence(lawyer, caseId, evidenceRequest(caseId, { category: "bank_statements", description: "Avocat" }, [{ name: "r.pdf", bytes: pdf }]), { storage }),
    ).toMatchObject({ ok: false, status: 403 });
    expect(await counts()).toEqual(before);
  });

  it("refuses evidence on a closed case, with nothing stored", async () => {
    const closed = await insertSubmittedCase(client.userId);
    await db().updateTable("cases").set({ status: "closed" }).where("id", "=", closed.id).execute();
    const before = await counts();
    const result = await uploadEvidence(client, closed.id, evidenceRequest(closed.id, { category: "bank_statements", description: "Trop tard" }, [{ name: "r.pdf", bytes: pdf }]), { storage });
    expect(result).toEqual({ ok: false, status: 409, message: evidenceMessages.caseClosed });
    expect(await counts()).toEqual(before);
  });

  it("pre-ticks the wizard's evidence types from the files uploaded on a draft", async () => {
    const draft = await db()
      .insertInto("cases")
      .values({ user_id: client.userId, status: "draft", scam_type: "phishing", payment_methods: [], evidence_types: ["email_exchanges"] })
      .returning("id")
      .executeTakeFirstOrThrow();
    await uploadEvidence(client, draft.id, evidenceRequest(draft.id, { category: "conversation_screenshots", description: "SMS" }, [{ name: "sms.jpg", bytes: photo }]), { storage });
    const wizard = await caseWizardFor(client, draft.id);
    expect(wizard.kind === "wizard" && wizard.values.evidence_types).toEqual(["conversation_screenshots", "email_exchanges"]);
  });

  it("generates a complaint pack whose text holds the case, the payments with the French total, the IBAN by fours and each SHA-256", async () => {
    await addPayment(caseId, { paidOn: "2025-03-04", amount: "1200.50", bank: "Banque Populaire" });
    await addPayment(caseId, { paidOn: "2025-03-18", amount: "48250", bank: "Banque Populaire" });
    await addPayment(caseId, { paidOn: "2025-04-02", amount: "3000", wallet: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq" });
    for (const viewer of [client, lawyer, admin]) {
      const { pdf: pack, fileName } = await complaintPackFor(viewer, caseId, new Date("2026-11-23T10:00:00Z"));
      expect(fileName).toBe(`dossier-plainte-${caseNumber}.pdf`);
      expect(pack.subarray(0, 5).toString()).toBe("%PDF-");
      const text = pdfText(pack);
      expect(text).toContain(caseNumber);
      expect(text).toContain("NOMELOISE Eloise");
      expect(text).toContain(spaced(formatMoney("1200.50", "EUR")));
      expect(text).toContain(spaced(formatMoney("48250", "EUR")));
      // 1 200,50 + 48 250 + 3 000 = 52 450,50 €
      expect(text).toContain(spaced(formatMoney("52450.50", "EUR")));
      // The declared amount stays beside the documented payments, with the gap said (issue 29).
      expect(text).toContain(spaced(`Montant déclaré : ${formatMoney("12500")}`));
      expect(text).toContain(spaced(`Paiements documentés : ${formatMoney("52450.50")} (${formatMoney("39950.50")} de plus que le montant déclaré)`));
      expect(text).toContain("FR76 3000 6000 0112 3456 7890 189");
      for (const item of await listEvidence(client, caseId)) expect(text).toContain(item.sha256);
      expect(text).toContain("Premiers réflexes");
      expect(text).toContain("https://www.internet-signalement.gouv.fr/");
    }
    const journal = await db().selectFrom("staff_audit_log").select("actor_id").where("action", "=", "case.pack-generated").execute();
    expect(journal.map((entry) => entry.actor_id).sort()).toEqual([lawyer.userId, admin.userId].sort());
  });

  it("answers 404 for another person's case, an unknown case and a malformed id", async () => {
    for (const [viewer, id] of [
      [otherClient, caseId],
      [otherLawyer, caseId],
      [client, "00000000-0000-4000-8000-000000000000"],
      [client, "../../etc/passwd"],
    ] as const) {
      await expect(complaintPackFor(viewer, id)).rejects.toBeInstanceOf(NotFoundError);
      await expect(bankLetterFor(viewer, id, null)).rejects.toBeInstanceOf(NotFoundError);
    }
  });

  it("writes the bank letter to one bank with its transfers and card payments only", async () => {
    const { pdf: letter } = await bankLetterFor(client, caseId, "Banque Populaire", new Date("2026-11-23T10:00:00Z"));
    const text = pdfText(letter);
    expect(text).toContain("Banque Populaire");
    expect(text).toContain("L133-18");
    expect(text).toContain("L133-24");
    expect(text).toContain(spaced(formatMoney("49450.50", "EUR")));
    // The crypto payment is not the bank's: not in the letter.
    expect(text).not.toContain("bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq");
    // 13 months after 04/03/2025.
    expect(text).toContain("04/04/2026");
  });

  it("still renders the pack of a case with 500 payments", async () => {
    const big = await insertSubmittedCase(client.userId);
    await db()
      .insertInto("case_payments")
      .values(
        Array.from({ length: 500 }, (_, index) => ({
          case_id: big.id,
          paid_on: `2024-${String((index % 12) + 1).padStart(2, "0")}-${String((index % 28) + 1).padStart(2, "0")}`,
          amount: "100.10",
          currency: "EUR" as const,
          method: "bank_transfer" as const,
          beneficiary_kind: "iban" as const,
          beneficiary: IBAN,
        })),
      )
      .execute();
    const { pdf: pack } = await complaintPackFor(client, big.id);
    const text = pdfText(pack);
    expect(text).toContain(big.caseNumber);
    expect(text).toContain(spaced(formatMoney("50050", "EUR")));
  }, 60_000);
});
