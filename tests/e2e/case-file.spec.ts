/**
 * The case file in a browser (issue 15): a client adds two payments to the same IBAN and one crypto payment, sees
 * the French total, the IBAN by groups of four and the bank-deadline countdown computed from the payment date. A
 * second client's case with the same IBAN makes the linked-case notice appear for an administrator, who can open
 * it; the first case's lawyer sees the notice without the other client's identity. An axe scan on each page.
 * Runs its own server on an embedded database seeded through the modules.
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import { addPayment } from "~/modules/case-file/case-file.server";
import { paymentSchema } from "~/modules/case-file/case-file.schema";
import { addDays, addMonths, daysBetween, parisToday } from "~/modules/case-file/deadlines";
import { formatDate } from "~/lib/format";
import { db } from "~/platform/runtime.server";
import { insertSubmittedCase, seedPerson } from "../support/cases";
import { expectNoAxeViolations } from "./support/axe";
import { waitForHydration } from "./support/hydration";
import { assignLawyer, seededServer } from "./support/seeded-server";
import { seedStaff, signInAsStaff, type StaffMember } from "./support/staff";

const IBAN = "FR7630006000011234567890189";
const WALLET = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";

function frenchDay(iso: string): string {
  return `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`;
}

test.describe("the case file", () => {
  test.describe.configure({ mode: "serial" });
  let admin: StaffMember;
  let lawyer: StaffMember & { userId: string };
  let client: { email: string; password: string };
  let caseA: { id: string; caseNumber: string };
  let caseB: { id: string; caseNumber: string };

  const app = seededServer(async () => {
    admin = await seedStaff("admin", "Adèle", "Martin");
    lawyer = await seedStaff("lawyer", "Louise", "Lefèvre");
    const first = await seedPerson("user", "Colette", { verified: true, email: "colette@case-file-e2e.example" });
    const second = await seedPerson("user", "Olivier", { verified: true, email: "olivier@case-file-e2e.example" });
    await db().updateTable("profiles").set({ last_name: "Secretan" }).where("id", "=", second.userId).execute();
    client = first;
    caseA = await insertSubmittedCase(first.userId);
    caseB = await insertSubmittedCase(second.userId);
    await assignLawyer(caseA.id, lawyer.userId);
    // The second client paid the same IBAN.
    await addPayment(
      second,
      caseB.id,
      paymentSchema.parse({ paid_on: frenchDay(addDays(parisToday(), -40)), amount: "9 000", method: "bank_transfer", beneficiary_kind: "iban", beneficiary: IBAN }),
    );
  });

  async function clientPage(browser: Browser): Promise<Page> {
    const context = await browser.newContext({ baseURL: app.server.baseUrl, locale: "fr-FR" });
    const page = await context.newPage();
    await page.goto("/connexion");
    await waitForHydration(page);
    await page.getByLabel("Adresse e-mail").fill(client.email);
    await page.getByLabel("Mot de passe", { exact: true }).fill(client.password);
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    return page;
  }

  async function staffPage(browser: Browser, member: StaffMember): Promise<Page> {
    const context = await browser.newContext({ baseURL: app.server.baseUrl, locale: "fr-FR" });
    const page = await context.newPage();
    await signInAsStaff(page, member);
    return page;
  }

  async function addPaymentThroughForm(page: Page, payment: { paidOn: string; amount: string; method: string; kind: string; beneficiary: string; network?: string }) {
    await page.getByRole("link", { name: "Ajouter un paiement" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Ajouter un paiement" })).toBeVisible();
    await waitForHydration(page);
    await page.getByLabel("Date du paiement").fill(frenchDay(payment.paidOn));
    await page.getByLabel("Montant").fill(payment.amount);
    await page.getByLabel("Moyen de paiement").selectOption({ label: payment.method });
    await page.getByRole("radio", { name: payment.kind }).check();
    await page.getByLabel("Bénéficiaire", { exact: true }).fill(payment.beneficiary);
    if (payment.network) await page.getByLabel("Réseau (adresse crypto seulement)").selectOption({ label: payment.network });
    await page.getByRole("button", { name: "Enregistrer le paiement" }).click();
    await expect(page).toHaveURL(new RegExp(`/case/${caseA.id}`), { timeout: 20_000 });
    await expect(page.getByRole("heading", { level: 2, name: "Paiements" })).toBeVisible();
  }

  test("a client records three payments; total, IBAN by fours and the bank countdown", async ({ browser }) => {
    test.slow();
    const page = await clientPage(browser);
    await page.goto(`/case/${caseA.id}`);
    await expect(page.getByRole("heading", { level: 1, name: `Dossier ${caseA.caseNumber}` })).toBeVisible();

    const firstDay = addDays(parisToday(), -30);
    const secondDay = addDays(parisToday(), -12);
    await addPaymentThroughForm(page, { paidOn: firstDay, amount: "1 500", method: "Virement bancaire", kind: "IBAN (virement)", beneficiary: "fr76 3000 6000 0112 3456 7890 189" });
    await expectNoAxeViolations(page, "/case/:caseId with a payment");

    // A wrong checksum is refused in French, the form kept.
    await page.getByRole("link", { name: "Ajouter un paiement" }).click();
    await waitForHydration(page);
    await page.getByLabel("Date du paiement").fill(frenchDay(secondDay));
    await page.getByLabel("Montant").fill("2 250,50");
    await page.getByLabel("Moyen de paiement").selectOption({ label: "Virement bancaire" });
    await page.getByRole("radio", { name: "IBAN (virement)" }).check();
    await page.getByLabel("Bénéficiaire", { exact: true }).fill("FR7630006000011234567890188");
    await page.getByRole("button", { name: "Enregistrer le paiement" }).click();
    await expect(page.locator("#champ-beneficiary-erreur")).toContainText("la clé de contrôle ne correspond pas");
    await expectNoAxeViolations(page, "/case/:caseId/paiements with an error");
    await page.getByLabel("Bénéficiaire", { exact: true }).fill(IBAN);
    await page.getByRole("button", { name: "Enregistrer le paiement" }).click();
    await expect(page).toHaveURL(new RegExp(`/case/${caseA.id}`), { timeout: 20_000 });

    await addPaymentThroughForm(page, {
      paidOn: secondDay,
      amount: "800",
      method: "Cryptomonnaie",
      kind: "Adresse de portefeuille crypto",
      beneficiary: WALLET,
      network: "Ethereum / ERC-20",
    });

    const payments = page.locator("[data-payments]");
    await expect(payments.locator("[data-payment]")).toHaveCount(3);
    await expect(payments.locator('[data-total="EUR"]')).toContainText("4\u202f550,50\u202f€");
    await expect(payments.getByText("FR76 3000 6000 0112 3456 7890 189").first()).toBeVisible();
    await expect(page.locator("[data-identifiers]").getByText("FR76 3000 6000 0112 3456 7890 189")).toHaveCount(1);
    // The facts keep the declared 12 500 € and show the documented payments beside it (issue 29).
    await expect(page.getByRole("definition").filter({ hasText: /^12\u202f500\u202f€$/ })).toBeVisible();
    await expect(page.getByText("4\u202f550,50\u202f€ (7\u202f949,50\u202f€ restent à documenter)")).toBeVisible();

    // The bank deadline of the first transfer: 13 months after its date, counted down in days.
    const deadline = addMonths(firstDay, 13);
    const days = daysBetween(parisToday(), deadline);
    const item = page.locator(`[data-bank-deadline="${deadline}"]`);
    await expect(item).toContainText(`Plus que ${days.toLocaleString("fr-FR")} jours`);
    await expect(item).toContainText(`avant le ${formatDate(deadline)}`);
    await expect(item).toContainText("L133-24");
    await expect(page.locator("[data-deadlines]")).toContainText("Code de procédure pénale, art. 8");
    await expect(page.locator("[data-deadlines]")).toContainText("PHAROS");
    // The client does not see other victims' cases.
    await expect(page.getByText(/partagent? cet identifiant/)).toHaveCount(0);
    await expectNoAxeViolations(page, "/case/:caseId with three payments");
    await page.context().close();
  });

  test("an administrator sees and opens the other case sharing the IBAN; the lawyer sees only the count", async ({ browser }) => {
    test.slow();
    const adminPage = await staffPage(browser, admin);
    await adminPage.goto(`/case/${caseA.id}`);
    const ibanRow = adminPage.locator('[data-identifier="iban"]');
    await expect(ibanRow.locator("[data-linked-cases]")).toContainText("1 autre dossier partage cet identifiant");
    await expectNoAxeViolations(adminPage, "/case/:caseId as an administrator");
    await ibanRow.getByRole("link", { name: caseB.caseNumber }).click();
    await expect(adminPage.getByRole("heading", { level: 1, name: `Dossier ${caseB.caseNumber}` })).toBeVisible();
    await expect(adminPage.getByText("Client : Olivier Secretan")).toBeVisible();
    await adminPage.context().close();

    const lawyerPage = await staffPage(browser, lawyer);
    await lawyerPage.goto(`/case/${caseA.id}`);
    const lawyerIban = lawyerPage.locator('[data-identifier="iban"]');
    await expect(lawyerIban.locator("[data-linked-cases]")).toContainText("1 autre dossier partage cet identifiant");
    const html = await lawyerPage.content();
    expect(html).not.toContain("Secretan");
    expect(html).not.toContain(caseB.caseNumber);
    expect(html).not.toContain(caseB.id);
    await expectNoAxeViolations(lawyerPage, "/case/:caseId as the lawyer");
    // And the other case stays closed to them.
    const other = await lawyerPage.goto(`/case/${caseB.id}`);
    expect(other?.status()).toBe(404);
    await lawyerPage.context().close();
  });
});
