/**
 * Issue 31, invoices in a browser: the lawyer fills the invoicing profile (a wrong SIREN first: the error summary),
 * accepts the mandate, issues the invoice from the case's invoices page; the client finds it from the case page and
 * downloads the PDF, whose text carries the mandatory mentions and the right totals. An axe scan on each page. Its
 * own server on an embedded database; the agreement in force is inserted directly (its journey: fee-agreements).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { db, stopRuntime } from "~/platform/runtime.server";
import { seedEnrolledAccount } from "../support/accounts";
import { seedPerson } from "../support/cases";
import { caseWithActiveAgreement, SIREN, VAT_NUMBER } from "../support/invoicing";
import { freePort, startProductionServer, type RunningServer } from "../support/production-server";
import { persistentDatabaseTarget, startTestRuntimeOn } from "../support/test-database";
import { expectNoAxeViolations } from "./support/axe";
import { waitForHydration } from "./support/hydration";
import { signInAsStaff, type StaffMember } from "./support/staff";

const SECRET = "invoices-e2e-secret-invoices-e2e-secret-0123456789";

test.describe("invoices, from the lawyer's profile to the client's PDF", () => {
  test.describe.configure({ mode: "serial" });
  let server: RunningServer;
  let database: Awaited<ReturnType<typeof persistentDatabaseTarget>>;
  let lawyer: StaffMember & { userId: string };
  let client: Awaited<ReturnType<typeof seedPerson>>;
  let caseId = "";
  const downloads = mkdtempSync(path.join(tmpdir(), "recours-factures-e2e-"));

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    database = await persistentDatabaseTarget("pglite");
    await startTestRuntimeOn(database.target, { AUTH_SECRET: SECRET });
    lawyer = { ...(await seedEnrolledAccount("lawyer", { firstName: "Hélène", lastName: "Facturier" })), firstName: "Hélène", lastName: "Facturier" };
    await db().updateTable("profiles").set({ profile_completed: true }).where("id", "=", lawyer.userId).execute();
    client = await seedPerson("user", "Gaston", { verified: true, email: `gaston-${Date.now()}@factures.example` });
    // 500 € base fee + 15 % of 2 345,67 € recovered (351,85 €) = 851,85 € HT, 170,37 € VAT, 1 022,22 € TTC.
    ({ caseId } = await caseWithActiveAgreement(client.userId, lawyer.userId, { recoveredCents: [234_567] }));
    await stopRuntime();
    server = await startProductionServer({ ...database.serverEnv, AUTH_SECRET: SECRET, LOG_LEVEL: "warn", PORT: String(await freePort()) });
  });
  test.afterAll(async () => {
    await server?.stop();
    await database?.drop();
    rmSync(downloads, { recursive: true, force: true });
  });

  test("the lawyer's profile and mandate, the invoice issued, the client's PDF", async ({ browser }) => {
    test.setTimeout(240_000);
    const lawyerContext = await browser.newContext({ baseURL: server.baseUrl, locale: "fr-FR" });
    const lawyerPage = await lawyerContext.newPage();
    await signInAsStaff(lawyerPage, lawyer);
    await lawyerPage.goto("/avocat/facturation");
    await waitForHydration(lawyerPage);
    await expect(lawyerPage.getByRole("heading", { name: "Facturation", level: 1 })).toBeVisible();
    await expectNoAxeViolations(lawyerPage, "/avocat/facturation");
    await lawyerPage.getByLabel("Nom du cabinet (ou nom d'exercice)").fill("Cabinet Facturier");
    await lawyerPage.getByLabel("Adresse du cabinet").fill("5 quai des Chartrons");
    await lawyerPage.getByLabel("Code postal").fill("33000");
    await lawyerPage.getByLabel("Ville").fill("Bordeaux");
    await lawyerPage.getByLabel("SIREN").fill("732 829 321");
    await lawyerPage.getByLabel("Numéro de TVA intracommunautaire").fill(VAT_NUMBER);
    await lawyerPage.getByRole("button", { name: "Enregistrer" }).click();
    const summary = lawyerPage.locator("[data-error-summary]");
    await expect(summary).toContainText("Le numéro SIREN compte 9 chiffres");
    await expectNoAxeViolations(lawyerPage, "/avocat/facturation (erreurs)");
    await lawyerPage.getByLabel("SIREN").fill(SIREN);
    await lawyerPage.getByRole("button", { name: "Enregistrer" }).click();
    await expect(lawyerPage.locator("[data-error-summary]")).toContainText("accepter le mandat de facturation");
    await lawyerPage.getByLabel("J'accepte ce mandat de facturation.").check();
    await lawyerPage.getByRole("button", { name: "Enregistrer" }).click();
    await expect(lawyerPage.getByText("Profil de facturation enregistré")).toBeVisible();
    await expect(lawyerPage.getByText(/Mandat accepté le \d{2}\/\d{2}\/\d{4}/)).toBeVisible();

    await lawyerPage.goto(`/case/${caseId}`);
    await lawyerPage.locator("[data-invoices-card]").getByRole("link", { name: "Factures du dossier" }).click();
    await expect(lawyerPage).toHaveURL(new RegExp(`/case/${caseId}/factures$`));
    await waitForHydration(lawyerPage);
    await lawyerPage.getByRole("button", { name: "Émettre la facture" }).click();
    await expect(lawyerPage.locator("[data-invoice]")).toHaveCount(1);
    const number = await lawyerPage.locator("[data-invoice]").getAttribute("data-invoice");
    expect(number).toMatch(/^F-\d{4}-000001$/);
    await expectNoAxeViolations(lawyerPage, "/case/:id/factures (avocat)");
    await lawyerContext.close();

    const context = await browser.newContext({ baseURL: server.baseUrl, locale: "fr-FR", viewport: { width: 390, height: 844 }, hasTouch: true });
    const page = await context.newPage();
    await page.goto("/connexion");
    await waitForHydration(page);
    await page.getByLabel("Adresse e-mail").fill(client.email);
    await page.getByLabel("Mot de passe", { exact: true }).fill(client.password);
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto(`/case/${caseId}`);
    await page.locator("[data-invoices-card]").getByRole("link", { name: "Voir les factures" }).click();
    await expect(page.locator("[data-invoice]")).toHaveCount(1);
    await expect(page.getByRole("button", { name: "Émettre la facture" })).toHaveCount(0);
    await expectNoAxeViolations(page, "/case/:id/factures (client, 390 px)");
    const started = page.waitForEvent("download", { timeout: 30_000 });
    await page.getByRole("link", { name: new RegExp(`Télécharger ${number}`) }).click();
    const file = path.join(downloads, "facture.pdf");
    await (await started).saveAs(file);
    expect(readFileSync(file).subarray(0, 5).toString()).toBe("%PDF-");
    const text = spawnSync("pdftotext", ["-enc", "UTF-8", file, "-"], { encoding: "utf8" }).stdout.replace(/[\s\u00a0\u202f]+/g, " ");
    for (const mention of [
      `Facture n° ${number}`,
      "Cabinet : Cabinet Facturier",
      `SIREN : ${SIREN}`,
      `N° de TVA intracommunautaire : ${VAT_NUMBER}`,
      "Nom : Gaston NomGaston",
      "Total HT : 851,85 €",
      "TVA (20 %) : 170,37 €",
      "Total TTC : 1 022,22 €",
      "Échéance : paiement au plus tard le",
      "au nom et pour le compte de Maître Hélène Facturier (mandat de facturation du",
    ]) {
      expect(text, mention).toContain(mention);
    }
    await context.close();
  });
});
