/**
 * Issue 32, part 3, in a browser: a verified client submits their case from the dashboard; the case page offers the
 * filing receipt once the job has made it ("Télécharger l'accusé de dépôt (PDF)") with its SHA-256, the downloaded PDF
 * holds the case number, the date and the payments and has that SHA-256, and the confirmation e-mail carries the same
 * PDF, through real SMTP. An axe scan of the case page. Its own server on an embedded database; the draft and its
 * payments are seeded through the modules, the submission is the journey under test.
 */
import { spawnSync } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { paymentSchema } from "~/modules/case-file/case-file.schema";
import { addPayment } from "~/modules/case-file/case-file.server";
import { saveCaseDraft } from "~/modules/cases/cases.server";
import { draftInput, seedPerson } from "../support/cases";
import { expectNoAxeViolations } from "./support/axe";
import { MAIL_SINK_ENV, seededServer } from "./support/seeded-server";
import { signInMember } from "./support/accounts";
import { waitForMail } from "./support/mail";

const IBAN = "FR7630006000011234567890189";

test.describe("the filing receipt", () => {
  test.describe.configure({ mode: "serial" });
  let client: Awaited<ReturnType<typeof seedPerson>>;
  const caseId = randomUUID();
  let caseNumber = "";
  const downloads = mkdtempSync(path.join(tmpdir(), "recours-accuse-e2e-"));

  const app = seededServer(async () => {
    client = await seedPerson("user", "Colette", { verified: true, email: `colette-${Date.now()}@accuse.example` });
    const saved = await saveCaseDraft(client, caseId, draftInput());
    if (!saved.ok) throw new Error("brouillon refusé");
    caseNumber = saved.caseNumber;
    for (const [paidOn, amount] of [["04-03-2026", "1 200,50"], ["18-03-2026", "3 000"]] as const) {
      const payment = paymentSchema.parse({ paid_on: paidOn, amount, currency: "EUR", method: "bank_transfer", beneficiary_kind: "iban", beneficiary: IBAN });
      expect(await addPayment(client, caseId, payment)).toMatchObject({ ok: true });
    }
  }, { env: MAIL_SINK_ENV });
  test.afterAll(async () => {
    rmSync(downloads, { recursive: true, force: true });
  });

  test("the client submits the case, downloads its receipt from the case page and receives it by e-mail", async ({ browser }) => {
    test.slow();
    const page = await signInMember(browser, app.server.baseUrl, client, { context: { acceptDownloads: true } });

    await page.getByRole("button", { name: `Soumettre le dossier ${caseNumber}` }).click();
    await expect(page.getByText("Dossier soumis avec succès")).toBeVisible();

    // The job makes the receipt right after the submission; until then the page says it is being prepared.
    await page.goto(`/case/${caseId}`);
    const card = page.getByRole("region", { name: "Accusé de dépôt" });
    await expect(card).toBeVisible();
    const link = card.getByRole("link", { name: "Télécharger l'accusé de dépôt (PDF)" });
    await expect
      .poll(
        async () => {
          if (await link.isVisible()) return true;
          await expect(card.getByText(/en cours de préparation/)).toBeVisible();
          await page.reload();
          return false;
        },
        { timeout: 30_000, intervals: [500, 1000] },
      )
      .toBe(true);
    await expectNoAxeViolations(page, "/case/:caseId (accusé de dépôt prêt)");
    const shown = (await card.locator("[data-receipt-sha256]").textContent())?.trim();
    expect(shown).toMatch(/^[0-9a-f]{64}$/);

    const started = page.waitForEvent("download");
    await link.click();
    const download = await started;
    expect(download.suggestedFilename()).toBe(`accuse-de-depot-${caseNumber}.pdf`);
    const file = path.join(downloads, "accuse.pdf");
    await download.saveAs(file);
    const pdf = readFileSync(file);
    expect(createHash("sha256").update(pdf).digest("hex")).toBe(shown);
    const text = spawnSync("pdftotext", ["-enc", "UTF-8", file, "-"], { encoding: "utf8" }).stdout.replace(/[\s\u00a0\u202f]+/g, " ");
    expect(text).toContain("Accusé de dépôt de dossier");
    expect(text).toContain(caseNumber);
    expect(text).toMatch(/Date et heure du dépôt : \d{1,2}(er)? \p{L}+ \d{4} à \d{1,2} h \d{2}/u);
    for (const expected of ["04/03/2026", "1 200,50 €", "18/03/2026", "3 000 €", "FR76 3000 6000 0112 3456 7890 189"]) expect(text).toContain(expected);

    // The confirmation e-mail carries the same PDF.
    const mail = await waitForMail(client.email, new RegExp(`Votre dossier ${caseNumber} est bien reçu`));
    expect(mail.text).toContain("accusé de dépôt");
    expect(mail.attachments).toEqual([{ filename: `accuse-de-depot-${caseNumber}.pdf`, mimeType: "application/pdf", sha256: shown }]);
    await page.context().close();
  });
});
