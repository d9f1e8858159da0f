/**
 * Issue 32, part 1 (decision 84), in a browser: a visitor without JavaScript checks the operator's published address
 * and an unknown one on /verifier-un-contact (a plain form post); the lawyer reveals the client's call code from the
 * case page, the client sees the same code on their dashboard, confirms it was read, and a new code shows. Axe on each
 * page. Its own server on an embedded database, seeded through the modules.
 */
import { expect, test } from "@playwright/test";
import { operatorPlaceholders } from "~/content/site";
import { insertSubmittedCase, seedPerson } from "../support/cases";
import { signInOnServer } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { waitForHydration } from "./support/hydration";
import { assignLawyer, seededServer } from "./support/seeded-server";
import { seedStaff, signInAsStaff, type StaffMember } from "./support/staff";

test.describe("Vérifier un appel", () => {
  test.describe.configure({ mode: "serial" });
  let lawyer: StaffMember & { userId: string };
  let client: Awaited<ReturnType<typeof seedPerson>>;
  let caseId: string;
  const app = seededServer(async () => {
    lawyer = await seedStaff("lawyer", "Hugo", "Marchand");
    client = await seedPerson("user", "Roseline", { verified: true, email: `roseline-${Date.now()}@appel.example` });
    ({ id: caseId } = await insertSubmittedCase(client.userId));
    await assignLawyer(caseId, lawyer.userId, "in_progress");
  });

  test("a visitor without JavaScript checks the operator's address, then an unknown one", async ({ browser }) => {
    const context = await browser.newContext({ baseURL: app.server.baseUrl, locale: "fr-FR", javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/verifier-un-contact");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Vérifier un appel, un e-mail ou un site");
    await expectNoAxeViolations(page, "/verifier-un-contact", { javaScript: false });
    const field = page.getByLabel("Adresse e-mail, numéro de téléphone ou site");

    await field.fill(` ${operatorPlaceholders.email.toUpperCase()} `);
    await page.getByRole("button", { name: "Vérifier ce contact" }).click();
    await expect(page.locator("[data-contact-owner=operator]")).toContainText("Ce contact appartient à Recours");
    await expectNoAxeViolations(page, "/verifier-un-contact (Recours)", { javaScript: false });

    await page.getByLabel("Adresse e-mail, numéro de téléphone ou site").fill("conseiller@recuperation-fonds.example");
    await page.getByRole("button", { name: "Vérifier ce contact" }).click();
    const none = page.locator("[data-contact-owner=none]");
    await expect(none).toContainText("Aucun lien avec Recours");
    await expect(none).toContainText("Ne payez rien");
    await expect(none).toContainText("N'installez aucune application");
    await expect(none.getByRole("link", { name: /THESEE/ })).toHaveAttribute("href", /service-public\.fr/);
    await expectNoAxeViolations(page, "/verifier-un-contact (aucun lien)", { javaScript: false });

    await page.getByLabel("Adresse e-mail, numéro de téléphone ou site").fill("pas un contact");
    await page.getByRole("button", { name: "Vérifier ce contact" }).click();
    await expect(page.getByText("Ce n'est ni une adresse e-mail, ni un numéro de téléphone")).toBeVisible();
    await context.close();
  });

  test("the lawyer reveals the code on the case page; the client sees the same code, confirms it, and a new one shows", async ({ browser }) => {
    test.setTimeout(180_000);
    const lawyerPage = await (await browser.newContext({ baseURL: app.server.baseUrl, locale: "fr-FR" })).newPage();
    await signInAsStaff(lawyerPage, lawyer);
    await lawyerPage.goto(`/case/${caseId}`);
    await waitForHydration(lawyerPage);
    const panel = lawyerPage.locator("[data-reveal-call-code]");
    await expect(panel).toContainText("Appeler le client");
    await expectNoAxeViolations(lawyerPage, "/case/:id (avocat, code d'appel)");
    await panel.getByRole("button", { name: "Afficher le code à lire au client" }).click();
    const revealed = lawyerPage.locator("[data-revealed-call-code] [data-call-code-value]");
    await expect(revealed).toBeVisible();
    const read = (await revealed.innerText()).trim();
    expect(read).toMatch(/^[A-Z2-9]{3}\s[A-Z2-9]{3}$/);
    await expectNoAxeViolations(lawyerPage, "/case/:id/code-appel (code affiché)");

    const page = await signInOnServer(browser, app.server.baseUrl, client);
    const card = page.locator("[data-call-code-card]");
    await expect(card.locator("[data-call-code-value]")).toHaveText(read);
    await expectNoAxeViolations(page, "/dashboard (code d'appel)");
    await page.goto(`/case/${caseId}`);
    await expect(page.locator("[data-call-code-card] [data-call-code-value]")).toHaveText(read);

    await page.locator("[data-call-code-card]").getByRole("button", { name: "Oui, on m'a lu ce code" }).click();
    await expect(page).toHaveURL(/\/code-appel$/);
    await expect(page.getByRole("status").filter({ hasText: "Code utilisé" })).toBeVisible();
    const fresh = page.locator("[data-call-code-card] [data-call-code-value]");
    await expect(fresh).toHaveText(/^[A-Z2-9]{3}\s[A-Z2-9]{3}$/);
    await expect(fresh).not.toHaveText(read);
    await expectNoAxeViolations(page, "/code-appel");

    // The code already used, typed in the check form: it has served, never "valid".
    await page.getByLabel("Le code qu'on vous a lu").fill(read);
    await page.getByRole("button", { name: "Vérifier ce code" }).click();
    await expect(page.locator("[data-call-code-check=used]")).toContainText("Ce code a déjà servi");
  });
});
