/**
 * Issue 31 in a browser, the journey it must show: on a case with an agreement in force, the assigned lawyer records
 * two recovered sums and reverses one (with its reason); the client reads the three entries, the net total and the
 * fees, is told by e-mail without any amount, and downloads the detailed account; the lawyer (invoicing profile and
 * mandate already given) issues the invoice; the client downloads it, and its text carries every mandatory mention
 * and the totals this test computes itself from the entries and the agreement's terms. An axe scan on each page.
 * Beside it: the lawyer's recovery form without JavaScript, and the invoicing profile form's refusals. Its own server
 * on an embedded database; the world (the agreement signed and sealed, the profile) is seeded through the modules.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { formatDate, parisIsoDay } from "~/lib/format";
import { startFileStorage, useFileStorage } from "~/modules/files/files.server";
import { db } from "~/platform/runtime.server";
import { seedActiveAgreement } from "../support/agreements";
import { actorFor, giveBarDetails, insertSubmittedCase, seedPerson } from "../support/cases";
import { giveInvoicingProfile, SIREN, VAT_NUMBER } from "../support/invoicing";
import { testEnv } from "../support/test-database";
import { pdfText } from "../support/pdf-text";
import { pdfFile } from "../support/upload-fixtures";
import { expectNoAxeViolations } from "./support/axe";
import { waitForHydration } from "./support/hydration";
import { assignLawyer, E2E_AUTH_SECRET, MAIL_SINK_ENV, seededServer } from "./support/seeded-server";
import { waitForMail } from "./support/mail";
import { signInOnPhone } from "./support/accounts";
import { seedStaff, signInAsStaff, type StaffMember } from "./support/staff";

const OPERATOR_NAME = "Recours Services SAS";

/** The sums the lawyer types, in cents: two recoveries, the second then reversed. */
const FIRST_RECOVERY = 123_456;
const SECOND_RECOVERY = 200_000;

/** "1 234,56 €" with plain spaces, as the PDFs' text reads once its spaces are folded. */
function euros(cents: number): string {
  const whole = Math.floor(cents / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, " ");
  return `${whole},${String(cents % 100).padStart(2, "0")} €`;
}

/** The same on a page, whatever space the page puts between the thousands and before the euro sign. */
function eurosOnPage(cents: number): RegExp {
  return new RegExp(`^${euros(cents).replace(/ /g, "\\s?")}$`);
}

/** Rounded to the cent, halves away from zero (the amounts here are positive). */
const basisPoints = (cents: number, bp: number) => Math.round((cents * bp) / 10_000);

async function downloadedText(page: Page, link: Locator, file: string): Promise<string> {
  const started = page.waitForEvent("download", { timeout: 30_000 });
  await link.click();
  await (await started).saveAs(file);
  const pdf = readFileSync(file);
  expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
  return pdfText(pdf);
}

test.describe("issue 31: the recoveries ledger, the detailed account and the invoice, from the lawyer to the client", () => {
  test.describe.configure({ mode: "serial" });
  let lawyer: StaffMember & { userId: string };
  /** A lawyer who has not filled the invoicing profile yet. */
  let newLawyer: StaffMember & { userId: string };
  let client: Awaited<ReturnType<typeof seedPerson>>;
  let theCase: { id: string; caseNumber: string };
  let terms: { base_fee_cents: number; base_fee_due: string; result_percent_bp: number; vat_rate_bp: number };
  const downloads = mkdtempSync(path.join(tmpdir(), "recours-recuperations-e2e-"));

  const app = seededServer(async (database) => {
    // The seal stores the signed PDF where the server will read it.
    await startFileStorage(testEnv({ AUTH_SECRET: E2E_AUTH_SECRET, ...database.serverEnv }), db);
    lawyer = await seedStaff("lawyer", "Hugo", "Marchand");
    await giveBarDetails(lawyer.userId, "Barreau de Nantes", "N-3141");
    await db().updateTable("profiles").set({ profile_completed: true, address: "2 place Royale", postal_code: "44000", city: "Nantes" }).where("id", "=", lawyer.userId).execute();
    const lawyerActor = actorFor("lawyer", lawyer.userId, lawyer.email, "Hugo", "Marchand");
    await giveInvoicingProfile(lawyerActor);
    newLawyer = await seedStaff("lawyer", "Hélène", "Facturier");
    await db().updateTable("profiles").set({ profile_completed: true }).where("id", "=", newLawyer.userId).execute();
    client = await seedPerson("user", "Roseline", { verified: true, email: `roseline-${Date.now()}@recuperations.example` });
    theCase = await insertSubmittedCase(client.userId, { amount: "9000" });
    await assignLawyer(theCase.id, lawyer.userId, "in_progress");
    await db()
      .insertInto("case_payments")
      .values({ case_id: theCase.id, paid_on: "2025-10-03", amount: "9000.00", method: "bank_transfer", beneficiary_kind: "iban", beneficiary: "FR7630006000011234567890189" })
      .execute();
    const { agreementId } = await seedActiveAgreement({ lawyer: lawyerActor, lawyerKey: lawyer.manualKey, client, caseId: theCase.id, earlyStart: true });
    terms = await db().selectFrom("fee_agreements").select(["base_fee_cents", "base_fee_due", "result_percent_bp", "vat_rate_bp"]).where("id", "=", agreementId).executeTakeFirstOrThrow();
    useFileStorage(undefined);
  }, { env: { ...MAIL_SINK_ENV, OPERATOR_NAME }, timeout: 240_000 });
  test.afterAll(async () => {
    rmSync(downloads, { recursive: true, force: true });
  });

  test("two sums and a reversal recorded by the lawyer; the client's entries, detailed account and invoice", async ({ browser }) => {
    test.setTimeout(240_000);
    const today = parisIsoDay(new Date());
    const typedToday = `${today.slice(8, 10)}-${today.slice(5, 7)}-${today.slice(0, 4)}`;
    // The figures, from the entries and the agreement's terms: the reversed sum counts for nothing; the base fee is
    // billed now only if the agreement makes it payable at signature (the case is still in progress).
    const recovered = FIRST_RECOVERY + SECOND_RECOVERY - SECOND_RECOVERY;
    const baseFeeHt = terms.base_fee_due === "signature" ? terms.base_fee_cents : 0;
    const resultFeeHt = basisPoints(recovered, terms.result_percent_bp);
    const totalHt = baseFeeHt + resultFeeHt;
    const vat = basisPoints(totalHt, terms.vat_rate_bp);
    const totalTtc = totalHt + vat;
    expect(resultFeeHt).toBeGreaterThan(0);

    // The lawyer records the sums on the case page.
    const lawyerContext = await browser.newContext({ baseURL: app.server.baseUrl, locale: "fr-FR" });
    const lawyerPage = await lawyerContext.newPage();
    await signInAsStaff(lawyerPage, lawyer);
    await lawyerPage.goto(`/case/${theCase.id}`);
    await waitForHydration(lawyerPage);
    const section = lawyerPage.locator("[data-recoveries]");
    await expect(section.getByRole("heading", { name: "Sommes récupérées" })).toBeVisible();
    await expectNoAxeViolations(lawyerPage, "/case/:id (avocat, sommes récupérées)");

    // A bad amount: the error summary, nothing saved.
    const form = section.locator("[data-recovery-form]");
    await form.getByLabel("Date de récupération").fill(typedToday);
    await form.getByLabel("Montant récupéré, en euros").fill("0");
    await form.getByLabel("Origine de la somme").selectOption("rappel-de-fonds");
    await form.getByRole("button", { name: "Enregistrer la somme récupérée" }).click();
    await expect(form.locator("[data-error-summary]")).toContainText("Le montant récupéré doit être supérieur à zéro");
    await expect(lawyerPage.locator("[data-recovery-entry]")).toHaveCount(0);

    await form.getByLabel("Montant récupéré, en euros").fill("1 234,56");
    await form.getByLabel(/^Paiement du 03\/10\/2025/).check();
    await form.getByLabel("Note (facultatif)").fill("Rappel SEPA accepté par la banque");
    await form.getByLabel("Justificatif (facultatif)").setInputFiles({ name: "avis-de-rappel.pdf", mimeType: "application/pdf", buffer: await pdfFile({ marker: "rappel" }) });
    await form.getByRole("button", { name: "Enregistrer la somme récupérée" }).click();
    await expect(lawyerPage.getByRole("status")).toContainText("Somme récupérée enregistrée");

    const again = lawyerPage.locator("[data-recovery-form]");
    await again.getByLabel("Date de récupération").fill(typedToday);
    await again.getByLabel("Montant récupéré, en euros").fill("2 000");
    await again.getByLabel("Origine de la somme").selectOption("chargeback");
    await again.getByRole("button", { name: "Enregistrer la somme récupérée" }).click();
    await expect(lawyerPage.locator("[data-recovery-entry]")).toHaveCount(2);

    const second = lawyerPage.locator("[data-recovery-entry]").nth(1);
    await second.getByText("Contre-passer cette entrée").click();
    await second.getByLabel("Raison de la contre-passation").fill("Rétrofacturation contestée par le commerçant");
    await second.getByRole("button", { name: /^Contre-passer/ }).click();
    await expect(lawyerPage.locator("[data-recovery-entry]")).toHaveCount(3);
    await expect(lawyerPage.locator("[data-recovered-total]")).toHaveText(eurosOnPage(recovered));

    // The client: an e-mail per sum, without any amount; the entries, the net total, the fees; the detailed account.
    const mail = await waitForMail(client.email, /a enregistré une somme récupérée/);
    expect(`${mail.subject} ${mail.text}`).not.toMatch(/€|1\s?234|2\s?000/);
    const page = await signInOnPhone(browser, app.server.baseUrl, client, { axe: true });
    await page.goto(`/case/${theCase.id}`);
    const clientSection = page.locator("[data-recoveries]");
    await expect(clientSection.locator("[data-recovery-entry]")).toHaveCount(3);
    await expect(clientSection.locator('[data-recovery-entry="reversal"]')).toContainText("Rétrofacturation contestée par le commerçant");
    await expect(clientSection.locator("[data-recovered-total]")).toHaveText(eurosOnPage(recovered));
    await expect(clientSection.locator("[data-net-to-client]")).toHaveText(eurosOnPage(recovered - totalTtc));
    await expect(clientSection.getByRole("link", { name: "Télécharger le justificatif" })).toHaveCount(1);
    await expect(clientSection.locator("[data-recovery-form]")).toHaveCount(0);
    await expect(clientSection.getByText("Contre-passer cette entrée")).toHaveCount(0);
    await expectNoAxeViolations(page, "/case/:id (client, sommes récupérées, 390 px)");

    const account = await downloadedText(page, clientSection.getByRole("link", { name: "Télécharger le compte détaillé (PDF)" }), path.join(downloads, "compte-detaille.pdf"));
    expect(account).toContain("Compte détaillé");
    expect(account).toContain(theCase.caseNumber);
    expect(account).toContain(`Net revenant au client : ${euros(recovered - totalTtc)}`);
    expect(account).toContain("Contre-passation : Rétrofacturation contestée par le commerçant");

    // The lawyer issues the invoice from the case's invoices page.
    await lawyerPage.goto(`/case/${theCase.id}`);
    await lawyerPage.locator("[data-invoices-card]").getByRole("link", { name: "Factures du dossier" }).click();
    await expect(lawyerPage).toHaveURL(new RegExp(`/case/${theCase.id}/factures$`));
    await waitForHydration(lawyerPage);
    await expectNoAxeViolations(lawyerPage, "/case/:id/factures (avocat, avant émission)");
    await lawyerPage.getByRole("button", { name: "Émettre la facture" }).click();
    await expect(lawyerPage.locator("[data-invoice]")).toHaveCount(1);
    const number = await lawyerPage.locator("[data-invoice]").getAttribute("data-invoice");
    expect(number).toMatch(/^F-\d{4}-000001$/);
    await expectNoAxeViolations(lawyerPage, "/case/:id/factures (avocat)");
    await lawyerContext.close();

    // The client finds it from the case page and downloads it.
    await page.goto(`/case/${theCase.id}`);
    await page.locator("[data-invoices-card]").getByRole("link", { name: "Voir les factures" }).click();
    await expect(page.locator("[data-invoice]")).toHaveCount(1);
    await expect(page.getByRole("button", { name: "Émettre la facture" })).toHaveCount(0);
    await expectNoAxeViolations(page, "/case/:id/factures (client, 390 px)");
    const invoice = await downloadedText(page, page.getByRole("link", { name: new RegExp(`Télécharger ${number}`) }), path.join(downloads, "facture.pdf"));
    const issuedOn = formatDate(today);
    const dueOn = new Date(`${today}T00:00:00Z`);
    dueOn.setUTCDate(dueOn.getUTCDate() + 30);
    for (const mention of [
      // The number and the dates: issue, service, payment terms.
      `Facture n° ${number}`,
      `Numéro : ${number}`,
      `Date d'émission : ${issuedOn}`,
      `Date de la prestation : ${issuedOn}`,
      `Dossier : ${theCase.caseNumber}`,
      `Échéance : paiement au plus tard le ${formatDate(dueOn.toISOString().slice(0, 10))}`,
      "intérêts au taux légal",
      // The parties.
      "Cabinet : Cabinet Avocate & Associés",
      "Avocat : Maître Hugo Marchand",
      "Adresse : 3 cours de l'Intendance, 33000 Bordeaux",
      `SIREN : ${SIREN}`,
      `N° de TVA intracommunautaire : ${VAT_NUMBER}`,
      "Nom : Roseline NomRoseline",
      // The line and the totals.
      "Honoraire complémentaire de résultat",
      `Total HT : ${euros(totalHt)}`,
      `TVA (${terms.vat_rate_bp / 100} %) : ${euros(vat)}`,
      `Total TTC : ${euros(totalTtc)}`,
      // The billing mandate.
      `Facture émise par Recours (${OPERATOR_NAME}) au nom et pour le compte de Maître Hugo Marchand (mandat de facturation du ${issuedOn}).`,
    ]) {
      expect(invoice, mention).toContain(mention);
    }
    expect(invoice.includes("Honoraires de diligence"), "the base fee line only when it is payable now").toBe(baseFeeHt > 0);
    await page.context().close();
  });

  test("without JavaScript, the lawyer's form answers with the error summary, then records the sum", async ({ browser }) => {
    test.setTimeout(180_000);
    const today = parisIsoDay(new Date());
    const context = await browser.newContext({ baseURL: app.server.baseUrl, locale: "fr-FR", javaScriptEnabled: false });
    const page = await context.newPage();
    await signInAsStaff(page, lawyer, false);
    await page.goto(`/case/${theCase.id}`);
    const form = page.locator("[data-recovery-form]");
    await form.getByLabel("Date de récupération").fill(`${today.slice(8, 10)}-${today.slice(5, 7)}-${today.slice(0, 4)}`);
    await form.getByLabel("Montant récupéré, en euros").fill("1 000 000 000");
    await form.getByLabel("Origine de la somme").selectOption("decision-de-justice");
    await form.getByRole("button", { name: "Enregistrer la somme récupérée" }).click();
    const summary = page.locator("[data-recovery-form] [data-error-summary]");
    await expect(summary).toContainText("Il y a 1 erreur");
    await expect(summary).toContainText("Le montant ne peut pas dépasser 999 999 999,99 €");
    await expect(page.locator("[data-recovery-entry]")).toHaveCount(3);
    await expectNoAxeViolations(page, "/case/:id (avocat, erreur sans JavaScript)", { javaScript: false });

    await page.locator("[data-recovery-form]").getByLabel("Montant récupéré, en euros").fill("10");
    await page.locator("[data-recovery-form]").getByRole("button", { name: "Enregistrer la somme récupérée" }).click();
    await expect(page.locator("[data-recovery-entry]")).toHaveCount(4);
    await expect(page.locator("[data-recovered-total]")).toHaveText(eurosOnPage(FIRST_RECOVERY + 1_000));
    await context.close();
  });

  test("the invoicing profile form: a wrong SIREN, then the mandate required, then saved", async ({ browser }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({ baseURL: app.server.baseUrl, locale: "fr-FR" });
    const page = await context.newPage();
    await signInAsStaff(page, newLawyer);
    await page.goto("/avocat/facturation");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { name: "Facturation", level: 1 })).toBeVisible();
    await expectNoAxeViolations(page, "/avocat/facturation");
    await page.getByLabel("Nom du cabinet (ou nom d'exercice)").fill("Cabinet Facturier");
    await page.getByLabel("Adresse du cabinet").fill("5 quai des Chartrons");
    await page.getByLabel("Code postal").fill("33000");
    await page.getByLabel("Ville").fill("Bordeaux");
    await page.getByLabel("SIREN").fill("732 829 321");
    await page.getByLabel("Numéro de TVA intracommunautaire").fill(VAT_NUMBER);
    await page.getByRole("button", { name: "Enregistrer" }).click();
    await expect(page.locator("[data-error-summary]")).toContainText("Le numéro SIREN compte 9 chiffres");
    await expectNoAxeViolations(page, "/avocat/facturation (erreurs)");
    await page.getByLabel("SIREN").fill(SIREN);
    await page.getByRole("button", { name: "Enregistrer" }).click();
    await expect(page.locator("[data-error-summary]")).toContainText("accepter le mandat de facturation");
    await page.getByLabel("J'accepte ce mandat de facturation.").check();
    await page.getByRole("button", { name: "Enregistrer" }).click();
    await expect(page.getByText("Profil de facturation enregistré")).toBeVisible();
    await expect(page.getByText(/Mandat accepté le \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
    await context.close();
  });
});
