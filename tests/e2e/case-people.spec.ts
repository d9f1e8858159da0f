/**
 * What a victim, a lawyer and an admin meet around a case (issue 29), in a browser at 390 and 1280 px:
 * - the declared loss (18 500 €) stays beside the payments the lawyer documented (9 000 €) on the client's dashboard,
 *   the case page and the lawyer's and admin's lists, with what is left to document;
 * - a submitted case no lawyer could take says "En attente d'un avocat" to its client, comes first with a marker in
 *   the admin list, and the admin dashboard and allocation page say which lawyer receives 0 % and why;
 * - the assigned lawyer's case page speaks to the lawyer and carries the status change, which works without JavaScript.
 * An axe scan on each page at both widths. Seeded through the modules; its own server on an embedded database.
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import { addPayment } from "~/modules/case-file/case-file.server";
import { paymentSchema } from "~/modules/case-file/case-file.schema";
import { addDays, parisToday } from "~/modules/case-file/deadlines";
import { seedEnrolledAccount } from "../support/accounts";
import { actorFor, insertSubmittedCase, seedPerson, setAllocation } from "../support/cases";
import { expectNoAxeViolations } from "./support/axe";
import { waitForHydration } from "./support/hydration";
import { assignLawyer, seededServer } from "./support/seeded-server";
import { seedStaff, signInAsStaff, type StaffMember } from "./support/staff";

const WIDTHS = [390, 1280] as const;
const nb = (text: string) => text.replace(/ /g, "[\\s\\u202f\\u00a0]");

test.describe("a case, as its client, its lawyer and an admin meet it", () => {
  test.describe.configure({ mode: "serial" });
  let admin: StaffMember;
  let lawyer: StaffMember & { userId: string };
  let colette: Awaited<ReturnType<typeof seedPerson>>;
  let olivier: Awaited<ReturnType<typeof seedPerson>>;
  let documented: { id: string; caseNumber: string };
  let waiting: { id: string; caseNumber: string };

  const app = seededServer(async () => {
    admin = await seedStaff("admin", "Adèle", "Martin");
    lawyer = await seedStaff("lawyer", "Louise", "Lefèvre");
    const marc = await seedEnrolledAccount("lawyer", { firstName: "Marc", lastName: "Moreau" });
    await setAllocation(lawyer.userId, 100);
    await setAllocation(marc.userId, 0);
    colette = await seedPerson("user", "Colette", { verified: true, email: "colette@case-people.example" });
    olivier = await seedPerson("user", "Olivier", { verified: true, email: "olivier@case-people.example" });
    documented = await insertSubmittedCase(colette.userId, { amount: "18500" });
    await assignLawyer(documented.id, lawyer.userId, "assigned");
    // The lawyer documents one 9 000 € transfer.
    const lawyerActor = actorFor("lawyer", lawyer.userId, lawyer.email, "Louise", "Lefèvre");
    const paidOn = addDays(parisToday(), -20);
    const added = await addPayment(
      lawyerActor,
      documented.id,
      paymentSchema.parse({
        paid_on: `${paidOn.slice(8, 10)}-${paidOn.slice(5, 7)}-${paidOn.slice(0, 4)}`,
        amount: "9 000",
        method: "bank_transfer",
        beneficiary_kind: "iban",
        beneficiary: "FR7630006000011234567890189",
      }),
    );
    expect(added.ok).toBe(true);
    // Submitted while no lawyer could take it: it waits.
    waiting = await insertSubmittedCase(olivier.userId, { amount: "3200" });
  });

  async function clientPage(browser: Browser, person: { email: string; password: string }): Promise<Page> {
    const context = await browser.newContext({ baseURL: app.server.baseUrl, locale: "fr-FR" });
    const page = await context.newPage();
    await page.goto("/connexion");
    await waitForHydration(page);
    await page.getByLabel("Adresse e-mail").fill(person.email);
    await page.getByLabel("Mot de passe", { exact: true }).fill(person.password);
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    return page;
  }

  async function staffPage(browser: Browser, member: StaffMember, javaScript = true): Promise<Page> {
    const context = await browser.newContext({ baseURL: app.server.baseUrl, locale: "fr-FR", javaScriptEnabled: javaScript });
    const page = await context.newPage();
    await signInAsStaff(page, member, javaScript);
    return page;
  }

  /** Each width in turn: the page reloaded at that size, then the checks and an axe scan. */
  async function atBothWidths(page: Page, path: string, check: () => Promise<void>): Promise<void> {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      await waitForHydration(page);
      await check();
      await expectNoAxeViolations(page, `${path} at ${width} px`);
    }
  }

  const declared = new RegExp(nb("Montant déclaré : 18 500 €"));
  const payments = new RegExp(nb("Paiements documentés : 9 000 € \\(9 500 € restent à documenter\\)"));

  test("the declared 18 500 € stays beside the 9 000 € the lawyer documented, everywhere", async ({ browser }) => {
    test.setTimeout(240_000);
    const client = await clientPage(browser, colette);
    await atBothWidths(client, "/dashboard", async () => {
      const amount = client.locator("[data-case-amount]").filter({ visible: true }).first();
      await expect(amount).toContainText(declared);
      await expect(amount).toContainText(payments);
    });
    await atBothWidths(client, `/case/${documented.id}`, async () => {
      const facts = client.locator("#titre-faits").locator("..");
      await expect(facts.getByRole("definition").filter({ hasText: new RegExp(`^${nb("18 500 €")}$`) })).toBeVisible();
      await expect(facts.getByRole("definition").filter({ hasText: new RegExp(nb("^9 000 € \\(9 500 € restent à documenter\\)$")) })).toBeVisible();
    });
    await client.context().close();

    const lawyerPage = await staffPage(browser, lawyer);
    await atBothWidths(lawyerPage, "/avocat/dossiers", async () => {
      const cell = lawyerPage.locator("[data-case-amount]").filter({ visible: true }).first();
      await expect(cell).toContainText(declared);
      await expect(cell).toContainText(payments);
    });
    await lawyerPage.context().close();

    const adminPage = await staffPage(browser, admin);
    await atBothWidths(adminPage, `/admin/cases?q=${documented.caseNumber}`, async () => {
      const cell = adminPage.locator("[data-case-amount]").filter({ visible: true }).first();
      await expect(cell).toContainText(declared);
      await expect(cell).toContainText(payments);
    });
    await adminPage.context().close();
  });

  test("a case no lawyer could take: the client is told it waits, the admin sees it first and who receives 0 %", async ({ browser }) => {
    test.setTimeout(240_000);
    const client = await clientPage(browser, olivier);
    await atBothWidths(client, "/dashboard", async () => {
      await expect(client.locator("[data-waiting-for-lawyer]").filter({ visible: true }).first()).toContainText("En attente d'un avocat");
    });
    await atBothWidths(client, `/case/${waiting.id}`, async () => {
      await expect(client.locator("header").filter({ hasText: "Statut :" }).first()).toContainText("En attente d'un avocat");
      await expect(client.locator("[data-next-step]")).toContainText("Notre équipe est prévenue et le confie elle-même à un avocat");
      await expect(client.locator("[data-waiting-for-lawyer]")).toContainText("notre équipe lui en cherche un");
    });
    await client.context().close();

    const adminPage = await staffPage(browser, admin);
    await atBothWidths(adminPage, "/dashboard", async () => {
      const alert = adminPage.getByRole("region", { name: "Répartition des dossiers à vérifier" });
      await expect(alert).toContainText("Maître Marc Moreau reçoit 0 % des nouveaux dossiers : barreau ou numéro d'inscription manquant.");
      await expect(alert.getByRole("link", { name: "Corriger pour Maître Marc Moreau" })).toHaveAttribute("href", /\/admin\/lawyers\?q=.*&edit=/);
      await expect(alert).toContainText("1 dossier attend un avocat.");
      await expect(alert.getByRole("link", { name: "Les assigner" })).toHaveAttribute("href", "/admin/cases?filter=non-assignes");
    });
    await atBothWidths(adminPage, "/admin/lawyer-allocation", async () => {
      await expect(adminPage.getByRole("region", { name: "Répartition des dossiers à vérifier" })).toContainText("Maître Marc Moreau reçoit 0 % des nouveaux dossiers");
    });
    await atBothWidths(adminPage, "/admin/cases", async () => {
      const first = adminPage.locator("tbody tr").first();
      await expect(first).toContainText(waiting.caseNumber);
      await expect(first).toContainText("En attente d'un avocat");
    });
    await adminPage.context().close();
  });

  test("the lawyer's case page speaks to the lawyer and moves the case, without JavaScript too", async ({ browser }) => {
    test.setTimeout(240_000);
    const withScript = await staffPage(browser, lawyer);
    await atBothWidths(withScript, `/case/${documented.id}`, async () => {
      await expect(withScript.getByRole("heading", { level: 2, name: "Votre client" })).toBeVisible();
      await expect(withScript.getByRole("heading", { name: "Votre avocat" })).toHaveCount(0);
      await expect(withScript.getByRole("heading", { level: 2, name: "À faire de votre côté" })).toBeVisible();
      await expect(withScript.locator("[data-next-step]")).toContainText("Ce dossier vient de vous être confié");
      await expect(withScript.getByRole("heading", { level: 2, name: "Changer le statut du dossier" })).toBeVisible();
    });
    await withScript.context().close();

    const page = await staffPage(browser, lawyer, false);
    await page.goto(`/case/${documented.id}`);
    const change = page.locator("[data-status-change]");
    await change.getByLabel("Note pour le client (facultative)").fill("J'ai lu votre dossier, je vous écris demain.");
    // Issue 30: no signed fee agreement, no urgency: refused in French, the case stays assigned.
    await change.getByRole("button", { name: /Passer en cours/ }).click();
    await expect(page.getByRole("alert")).toContainText("une fois la convention d'honoraires signée");
    await page.locator("[data-status-change]").getByLabel("Note pour le client (facultative)").fill("J'ai lu votre dossier, je vous écris demain.");
    await page.locator("[data-status-change]").getByLabel(/^Urgence/).fill("Virement de la veille : rappel de fonds à demander aujourd'hui.");
    await change.getByRole("button", { name: /Passer en cours/ }).click();
    await expect(page).toHaveURL(new RegExp(`/case/${documented.id}$`));
    await expect(page.getByRole("status")).toContainText("Statut du dossier mis à jour");
    await expect(page.locator("header").filter({ hasText: "Statut :" }).first()).toContainText("En cours");
    await expect(page.locator("[data-timeline]")).toContainText("J'ai lu votre dossier, je vous écris demain.");
    await expect(page.locator("[data-next-step]")).toContainText("Vous traitez ce dossier");
    await expect(change.getByRole("button", { name: /Marquer comme résolu/ })).toBeVisible();
    // Issue 31: ending the case asks for its outcome, without JavaScript too.
    await change.getByRole("button", { name: /Marquer comme résolu/ }).click();
    await expect(page.getByRole("alert")).toContainText("Indiquez l'issue du dossier");
    await page.locator("[data-status-change]").getByRole("radio", { name: "Non poursuivi" }).check();
    await page.locator("[data-status-change]").getByRole("button", { name: /Fermer le dossier/ }).click();
    await expect(page.getByRole("alert")).toContainText("Indiquez pourquoi le dossier n'est pas poursuivi");
    await page.locator("[data-status-change]").getByRole("radio", { name: "Rien récupéré" }).check();
    await page.locator("[data-status-change]").getByRole("button", { name: /Marquer comme résolu/ }).click();
    await expect(page.getByRole("status")).toContainText("Statut du dossier mis à jour");
    await expect(page.locator("[data-timeline]")).toContainText("Dossier clôturé sans somme récupérée");
    await expect(page.locator("[data-status-change]")).toHaveCount(0);
    await page.context().close();
  });
});
