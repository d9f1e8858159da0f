/**
 * The staff side of cases in a browser: an administrator sets the allocation (101 % refused with the spec's message,
 * then 100 % on one lawyer); a submitted case is assigned automatically to that lawyer (the submission's
 * transaction, through the modules); the lawyer finds it in 'Nouveaux dossiers' and moves it to 'En cours'; the
 * administrator reassigns it from /admin/cases. An axe scan on each page.
 * Runs its own server on an embedded database; the server is stopped while the modules seed the submission
 * (one process per PGlite folder), then started again on the same port, so the browsers keep their sessions.
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import { assignCase } from "~/modules/cases/case-assignment.server";
import { db } from "~/platform/runtime.server";
import { seedAccount } from "../support/accounts";
import { giveBarDetails, insertSubmittedCase } from "../support/cases";
import { expectNoAxeViolations } from "./support/axe";
import { waitForHydration } from "./support/hydration";
import { seededServer } from "./support/seeded-server";
import { seedStaff, signInAsStaff, type StaffMember } from "./support/staff";

test.describe("cases, staff side", () => {
  test.describe.configure({ mode: "serial" });
  let admin: StaffMember;
  let lawyer: StaffMember & { userId: string };
  let otherLawyer: StaffMember & { userId: string };
  let client: { userId: string };
  let caseNumber = "";

  const app = seededServer(async () => {
    admin = await seedStaff("admin", "Adèle", "Martin");
    lawyer = await seedStaff("lawyer", "Louise", "Lefèvre");
    otherLawyer = await seedStaff("lawyer", "Marc", "Moreau");
    // Louise is in the bar directory; Marc's bar and number are not filled yet.
    await giveBarDetails(lawyer.userId, "Barreau de Bordeaux", "B-1234");
    const seeded = await seedAccount("user", { firstName: "Jeanne", lastName: "Durand" });
    await db().updateTable("profiles").set({ profile_completed: true, identity_verified: true }).where("id", "=", seeded.userId).execute();
    client = seeded;
  });

  async function staffPage(browser: Browser, member: StaffMember): Promise<Page> {
    const context = await browser.newContext({ baseURL: app.server.baseUrl, locale: "fr-FR" });
    const page = await context.newPage();
    await signInAsStaff(page, member);
    return page;
  }

  test("allocation, automatic assignment, 'Nouveaux dossiers', 'En cours', reassignment", async ({ browser }) => {
    test.setTimeout(240_000);
    const adminPage = await staffPage(browser, admin);

    // Allocation: 101 % refused, then 100 % on one lawyer.
    await adminPage.getByRole("navigation", { name: "Espace de travail" }).getByRole("link", { name: /Répartition des dossiers/ }).click();
    await expect(adminPage.getByRole("heading", { level: 1, name: "Répartition des dossiers" })).toBeVisible();
    await waitForHydration(adminPage);
    await expectNoAxeViolations(adminPage, "/admin/lawyer-allocation");
    const louise = adminPage.getByLabel("Pourcentage de Maître Louise Lefèvre");
    const marc = adminPage.getByLabel("Pourcentage de Maître Marc Moreau");
    // A lawyer without a bar and a number gets no share: a field error on his line, the other values kept.
    await expect(adminPage.locator("[data-bar-missing]")).toHaveCount(1);
    await expect(adminPage.getByRole("link", { name: "Les renseigner pour Maître Marc Moreau" })).toHaveAttribute("href", /\/admin\/lawyers\?q=.*&edit=/);
    await louise.fill("60");
    await marc.fill("10");
    await adminPage.getByRole("button", { name: "Enregistrer la répartition" }).click();
    await expect(adminPage.getByRole("alert")).toHaveText("Un avocat sans barreau ni numéro d'inscription ne peut pas recevoir de dossiers : sa part doit rester à 0 %.");
    await expect(adminPage.locator(`#pourcentage-${otherLawyer.userId}-erreur`)).toHaveText(/Renseignez d'abord le barreau et le numéro d'inscription/);
    await expect(marc).toHaveAttribute("aria-invalid", "true");
    await expect(louise).toHaveValue("60");
    await expectNoAxeViolations(adminPage, "/admin/lawyer-allocation with a lawyer without a bar");
    await louise.fill("100");
    await marc.fill("1");
    await expect(adminPage.getByText("Total des avocats actifs : 101 %")).toBeVisible();
    await adminPage.getByRole("button", { name: "Enregistrer la répartition" }).click();
    await expect(adminPage.getByRole("alert")).toHaveText("La somme des pourcentages ne peut pas dépasser 100%");
    await expect(louise).toHaveValue("100");
    // The inactive switch disables the input and takes the lawyer out of the total.
    await adminPage.getByRole("switch", { name: /Actif : Maître Marc Moreau/ }).uncheck();
    await expect(marc).toBeDisabled();
    await expect(adminPage.getByText("Total des avocats actifs : 100 %")).toBeVisible();
    await adminPage.getByRole("switch", { name: /Actif : Maître Marc Moreau/ }).check();
    await marc.fill("0");
    await adminPage.getByRole("button", { name: "Enregistrer la répartition" }).click();
    await expect(adminPage.getByRole("status")).toContainText("Allocations sauvegardées avec succès");
    await expect(adminPage.getByLabel("Pourcentage de Maître Louise Lefèvre")).toHaveValue("100");
    // A search narrows the page to one lawyer; the total still counts every lawyer.
    await adminPage.getByLabel("Rechercher un avocat").fill("Moreau");
    await adminPage.getByLabel("Rechercher un avocat").press("Enter");
    await expect(adminPage).toHaveURL(/q=Moreau/);
    await expect(adminPage.getByLabel("Pourcentage de Maître Marc Moreau")).toHaveValue("0");
    await expect(adminPage.getByLabel("Pourcentage de Maître Louise Lefèvre")).toHaveCount(0);
    await expect(adminPage.getByText("Total des avocats actifs : 100 %")).toBeVisible();

    // A submission (the wizard's transaction, through the modules): assigned automatically to Louise.
    await app.whileStopped(async () => {
      const submitted = await insertSubmittedCase(client.userId, { scamType: "romance_scam", amount: "8400" });
      caseNumber = submitted.caseNumber;
      const assigned = await db().transaction().execute((trx) => assignCase(trx, submitted.id));
      expect(assigned).not.toBeNull();
    });

    // The lawyer: the dashboard says a new case waits; 'Nouveaux dossiers' lists it; 'En cours'.
    const lawyerPage = await staffPage(browser, lawyer);
    await expect(lawyerPage.getByRole("heading", { level: 1, name: "Tableau de bord avocat" })).toBeVisible();
    await lawyerPage.getByRole("link", { name: "1 nouveau dossier à examiner" }).click();
    await expect(lawyerPage).toHaveURL(/\/avocat\/dossiers\?view=nouveaux$/);
    await expect(lawyerPage.getByRole("link", { name: "Nouveaux dossiers (1)" })).toHaveAttribute("aria-current", "page");
    const row = lawyerPage.getByRole("row", { name: new RegExp(caseNumber) });
    await expect(row).toContainText("Jeanne Durand");
    await expect(row).toContainText("Nouveau");
    await expect(row).toContainText("Arnaque sentimentale");
    await waitForHydration(lawyerPage);
    await expectNoAxeViolations(lawyerPage, "/avocat/dossiers?view=nouveaux");
    await row.getByText("Changer le statut").click();
    await row.getByLabel("Note pour le client (facultative)").fill("J'ai bien reçu votre dossier, je l'étudie cette semaine.");
    await row.getByLabel(/^Urgence/).fill("Virement de la veille : rappel de fonds à demander aujourd'hui.");
    await row.getByRole("button", { name: /Passer en cours/ }).click();
    await expect(lawyerPage.getByRole("status")).toContainText("Statut du dossier mis à jour");
    await expect(lawyerPage.getByText("Aucun nouveau dossier : vous avez ouvert tous vos dossiers.")).toBeVisible();
    await lawyerPage.getByRole("link", { name: "Tous mes dossiers" }).click();
    await expect(lawyerPage.getByRole("row", { name: new RegExp(caseNumber) })).toContainText("En cours");
    await lawyerPage.getByRole("navigation", { name: "Espace de travail" }).getByRole("link", { name: /^Clients/ }).click();
    await expect(lawyerPage.getByRole("heading", { level: 1, name: "Mes clients" })).toBeVisible();
    await expect(lawyerPage.getByRole("row", { name: /Jeanne Durand/ })).toContainText("Vérifiée");
    await expectNoAxeViolations(lawyerPage, "/avocat/clients");
    // Admin pages stay closed to a lawyer.
    await lawyerPage.goto("/admin/cases");
    await expect(lawyerPage).toHaveURL(/\/dashboard$/);

    // The admin reassigns the case to Marc from /admin/cases.
    await adminPage.goto(`/admin/cases?q=${encodeURIComponent(caseNumber)}`);
    await waitForHydration(adminPage);
    const adminRow = adminPage.getByRole("row", { name: new RegExp(caseNumber) });
    await expect(adminRow).toContainText("Maître Louise Lefèvre");
    await expect(adminRow).toContainText("Jeanne Durand");
    await expect(adminRow).toContainText("8 400 €");
    // Started under a documented urgency, without a fee agreement: the list says so (issue 30).
    await expect(adminRow.getByRole("cell").filter({ hasText: /^Aucune$/ })).toHaveCount(1);
    await expectNoAxeViolations(adminPage, "/admin/cases");
    // Only the row being assigned carries the lawyer list (?assign=<id>).
    await expect(adminRow.getByLabel("Avocat")).toHaveCount(0);
    await adminRow.getByRole("link", { name: /Réassigner/ }).click();
    await expect(adminPage).toHaveURL(/assign=/);
    await expectNoAxeViolations(adminPage, "/admin/cases (attribution ouverte)");
    await adminRow.getByLabel("Avocat").selectOption({ label: `Maître ${otherLawyer.firstName} ${otherLawyer.lastName} (répartition 0 %)` });
    await adminRow.getByRole("button", { name: /Réassigner le dossier/ }).click();
    await expect(adminPage.getByRole("status")).toContainText("Avocat assigné avec succès");
    await expect(adminPage.getByRole("row", { name: new RegExp(caseNumber) })).toContainText("Maître Marc Moreau");
    await expect(adminPage.getByRole("row", { name: new RegExp(caseNumber) })).toContainText("Assigné");
  });
});
