/**
 * The case file's evidence and complaint pack, in a browser: a client with a submitted case (two payments to one
 * IBAN and one crypto payment, seeded through the database) adds two evidence files from the case page (upload with
 * progress), sees them listed with category, date and size, and downloads the complaint pack, whose text (pdftotext)
 * holds the case number, the payments with the French total, the IBAN by groups of four and each file's SHA-256.
 * Axe scans the case page. Runs its own server on a database seeded beforehand.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { formatMoney } from "~/modules/case-file/case-file-format";
import { db } from "~/platform/runtime.server";
import { insertSubmittedCase, seedPerson } from "../support/cases";
import { jpegFile, pdfFile } from "../support/upload-fixtures";
import { expectNoAxeViolations } from "./support/axe";
import { waitForHydration } from "./support/hydration";
import { seededServer } from "./support/seeded-server";

const IBAN = "FR7630006000011234567890189";

test.describe("evidence files and the complaint pack", () => {
  let client: { email: string; password: string };
  let caseId: string;
  let caseNumber: string;
  const workDir = mkdtempSync(path.join(tmpdir(), "recours-evidence-e2e-"));

  const app = seededServer(async () => {
    const person = await seedPerson("user", "Solange", { verified: true });
    client = { email: person.email, password: person.password };
    ({ id: caseId, caseNumber } = await insertSubmittedCase(person.userId));
    const payment = { case_id: caseId, currency: "EUR" as const, method: "bank_transfer" as const, beneficiary_kind: "iban" as const, beneficiary: IBAN };
    await db()
      .insertInto("case_payments")
      .values([
        { ...payment, paid_on: "2025-03-04", amount: "1200.50", payer_bank: "Banque Populaire" },
        { ...payment, paid_on: "2025-03-18", amount: "8000", payer_bank: "Banque Populaire" },
        {
          case_id: caseId,
          currency: "EUR",
          method: "cryptocurrency",
          beneficiary_kind: "wallet",
          beneficiary: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
          wallet_network: "btc",
          paid_on: "2025-04-02",
          amount: "3000",
        },
      ])
      .execute();
  });
  test.afterAll(async () => {
    rmSync(workDir, { recursive: true, force: true });
  });

  test("a client adds two evidence files and downloads the complaint pack", async ({ browser }) => {
    test.slow();
    const context = await browser.newContext({ baseURL: app.server.baseUrl, locale: "fr-FR", acceptDownloads: true });
    const page = await context.newPage();
    await page.goto("/connexion");
    await waitForHydration(page);
    await page.getByLabel("Adresse e-mail").fill(client.email);
    await page.getByLabel("Mot de passe", { exact: true }).fill(client.password);
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });

    await page.goto(`/case/${caseId}`);
    await waitForHydration(page);
    const evidence = page.getByRole("region", { name: "Preuves" });
    await expect(evidence.getByText("Aucune preuve n'a encore été ajoutée.")).toBeVisible();

    const files = [
      { name: "releve-mars.pdf", mimeType: "application/pdf", buffer: await pdfFile({ marker: "releve" }), category: "Relevés bancaires", description: "Relevé de mars" },
      { name: "conversation.jpg", mimeType: "image/jpeg", buffer: await jpegFile(), category: "Captures d'écran des conversations", description: "WhatsApp avec « Marc »" },
    ];
    for (const file of files) {
      await evidence.getByLabel("Fichiers (photos, captures d'écran ou PDF)").setInputFiles({ name: file.name, mimeType: file.mimeType, buffer: file.buffer });
      await evidence.getByLabel("Type de preuve").selectOption({ label: file.category });
      await evidence.getByLabel("Description en une ligne").fill(file.description);
      await evidence.getByRole("button", { name: "Ajouter au dossier" }).click();
      await expect(evidence.getByRole("status")).toHaveText("Preuve ajoutée au dossier.", { timeout: 30_000 });
      await expect(evidence.getByRole("link", { name: `Télécharger ${file.name}` })).toBeVisible({ timeout: 30_000 });
    }
    await expect(evidence.locator("[data-evidence-list] > li")).toHaveCount(2);
    await expect(evidence.getByText(/Relevés bancaires · ajoutée le \d{2}\/\d{2}\/\d{4} · [\d,]+\s?(ko|Mo)/)).toBeVisible();
    await expectNoAxeViolations(page, "page du dossier avec ses preuves");

    const downloadPromise = page.waitForEvent("download", { timeout: 30_000 });
    await page.getByRole("link", { name: "Dossier de plainte (PDF)" }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe(`dossier-plainte-${caseNumber}.pdf`);
    const saved = path.join(workDir, "dossier.pdf");
    await download.saveAs(saved);
    const text = execFileSync("pdftotext", ["-enc", "UTF-8", saved, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
    expect(text).toContain(caseNumber);
    expect(text).toContain(formatMoney("1200.50", "EUR").replace(/\s+/g, " "));
    expect(text).toContain(formatMoney("8000", "EUR").replace(/\s+/g, " "));
    // 1 200,50 + 8 000 + 3 000
    expect(text).toContain(formatMoney("12200.50", "EUR").replace(/\s+/g, " "));
    expect(text).toContain("FR76 3000 6000 0112 3456 7890 189");
    for (const file of files) expect(text).toContain(createHash("sha256").update(file.buffer).digest("hex"));
    expect(readFileSync(saved).subarray(0, 5).toString()).toBe("%PDF-");
    await context.close();
  });
});
