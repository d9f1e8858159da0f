/**
 * The staff workspace shell: navigation per role, 'Bientôt disponible' for pages later issues build, breadcrumb,
 * who is signed in; tables as cards on phones; destructive actions confirmed (dialog, or a page without JavaScript).
 * Runs its own server (its embedded database is seeded before the server opens it).
 */
import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { waitForHydration } from "./support/hydration";
import { newStaffPage, signInAsStaff, startStaffWorld, type StaffWorld } from "./support/staff";
import { totpCode } from "./support/two-factor";
import { expectTouchTargets } from "./support/touch-targets";

const PHONE = { width: 390, height: 844 };

/** How the accounts list is drawn: its first row's display, whether its column headers show, a cell's own label. */
function listLayout(page: Page) {
  return page.locator("[data-list-table]").evaluate((list) => {
    const row = list.querySelector("tbody tr")!;
    const headers = list.querySelector("thead")!.getBoundingClientRect();
    const cell = Array.from(row.querySelectorAll("td")).find((td) => td.dataset.label === "Rôle")!;
    return {
      rowDisplay: getComputedStyle(row).display,
      headersShown: headers.width > 1 && headers.height > 1,
      cellLabel: getComputedStyle(cell, "::before").content,
    };
  });
}

test.describe("staff workspace", () => {
  test.describe.configure({ mode: "serial" });
  let world: StaffWorld;

  test.beforeAll(async () => {
    world = await startStaffWorld();
  });
  test.afterAll(async () => {
    await world?.stop();
  });

  test("an administrator's pages have the staff shell: navigation, breadcrumb, person and role, no marketing header", async ({ browser }) => {
    const page = await newStaffPage(browser, world);
    await signInAsStaff(page, world.admin);
    await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord administrateur" })).toBeVisible();
    // French throughout (decision 72): no English word left in the heading.
    await expect(page.getByRole("heading", { level: 1 }).locator('[lang="en"]')).toHaveCount(0);
    await expect(page.getByRole("navigation", { name: "Navigation principale" })).toHaveCount(0);
    await expect(page.getByRole("contentinfo")).toHaveCount(0);
    await expect(page.locator("[data-staff-person]")).toHaveText(/Adèle Martin\s*Administrateur/);
    // The operator's view of results (issue 31): a period chosen with a plain GET form.
    const results = page.locator("[data-operator-results]");
    await expect(results.getByRole("heading", { level: 2, name: "Résultats des dossiers" })).toBeVisible();
    await results.getByLabel("Période").selectOption("tout");
    await results.getByRole("button", { name: "Afficher" }).click();
    await expect(page).toHaveURL(/period=tout/);
    await expect(results.getByLabel("Période")).toHaveValue("tout");
    await expect(results.locator("[data-outcome]")).toHaveCount(5);
    await expectNoAxeViolations(page, "/dashboard (administrateur, résultats des dossiers)");
    const nav = page.getByRole("navigation", { name: "Espace de travail" });
    await expect(nav.getByRole("link", { name: "Utilisateurs" })).toBeVisible();
    const administration = page.getByRole("navigation", { name: "Administration" });
    await expect(administration.getByRole("link", { name: /^Dossiers/ })).toHaveAttribute("href", "/admin/cases");
    await expect(administration.getByRole("link", { name: /Répartition des dossiers/ })).toHaveAttribute("href", "/admin/lawyer-allocation");
    await expect(administration.getByText("Bientôt disponible")).toHaveCount(0);
    await expectNoAxeViolations(page, "/dashboard (administrateur)");

    await nav.getByRole("link", { name: "Utilisateurs" }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);
    const breadcrumb = page.getByRole("navigation", { name: "Fil d'Ariane" });
    await expect(breadcrumb.getByRole("link", { name: "Tableau de bord" })).toHaveAttribute("href", "/dashboard");
    await expect(breadcrumb.getByText("Utilisateurs")).toHaveAttribute("aria-current", "page");
    expect(await listLayout(page)).toEqual({ rowDisplay: "table-row", headersShown: true, cellLabel: "none" });
    await expectNoAxeViolations(page, "/admin/users");

    await page.getByRole("link", { name: "Mon compte" }).click();
    await expect(page).toHaveURL(/\/compte$/);
    await expect(page.getByRole("navigation", { name: "Fil d'Ariane" })).toContainText("Tableau de bord");
    await expect(page.getByRole("navigation", { name: "Espace de travail" })).toBeVisible();
    await page.context().close();
  });

  test("on a phone the accounts table is a list of cards, and ending sessions asks in an accessible dialog", async ({ browser }) => {
    const page = await newStaffPage(browser, world, { viewport: PHONE });
    await signInAsStaff(page, world.admin);
    await expectTouchTargets(page, "/dashboard (administrateur, 390 px)");
    await page.goto("/compte");
    await expectTouchTargets(page, "/compte (administrateur, 390 px)");
    await page.goto("/admin/users");
    await waitForHydration(page);
    // The same table, drawn as cards: each row a block, the column headers kept for screen readers only, and each
    // cell under its column's name.
    expect(await listLayout(page)).toEqual({ rowDisplay: "block", headersShown: false, cellLabel: '"Rôle" / ""' });
    const table = page.getByRole("table", { name: "Utilisateurs, du plus récent au plus ancien" });
    await expect(table).toBeVisible();
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(PHONE.width);
    await expectNoAxeViolations(page, "/admin/users (390 px)");
    await expectTouchTargets(page, "/admin/users (390 px)");

    await table.getByRole("row").filter({ hasText: world.client.email }).getByRole("link").first().click();
    await expect(page).toHaveURL(/\/admin\/users\/[^/]+$/);
    await waitForHydration(page);
    const card = page.getByRole("main");
    await card.getByRole("button", { name: /Déconnecter toutes les sessions/ }).click();
    const dialog = page.getByRole("alertdialog", { name: "Déconnecter toutes les sessions ?" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("Claire Petit");
    await expect(dialog.getByRole("button", { name: "Annuler" })).toBeFocused();
    await expectNoAxeViolations(page, "/admin/users/:id (dialogue de confirmation)");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("status")).toHaveCount(0);

    await card.getByRole("button", { name: /Déconnecter toutes les sessions/ }).click();
    await dialog.getByRole("button", { name: "Déconnecter toutes les sessions" }).click();
    await expect(page.getByRole("status")).toContainText("Sessions terminées");
    await page.context().close();
  });

  test("without JavaScript a destructive action shows a confirmation page first", async ({ browser }) => {
    const page = await newStaffPage(browser, world, { javaScriptEnabled: false });
    await signInAsStaff(page, world.admin, false);
    await page.goto("/admin/users");
    await page.locator("[data-list-table] tr").filter({ hasText: world.client.email }).getByRole("link").first().click();
    await expect(page).toHaveURL(/\/admin\/users\/[^/]+$/);
    const userPage = page.url();
    const row = page.getByRole("main");
    const post = page.waitForResponse((r) => r.request().method() === "POST");
    await row.getByRole("button", { name: /Déconnecter toutes les sessions/ }).click();
    expect((await post).status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Déconnecter toutes les sessions ?" })).toBeVisible();
    await expect(page.getByRole("main")).toContainText("Claire Petit");
    await expect(page.getByRole("status")).toHaveCount(0);
    await expectNoAxeViolations(page, "/admin/users/:id (confirmation sans JS)", { javaScript: false });
    await page.getByRole("link", { name: "Annuler" }).click();
    await expect(page).toHaveURL(userPage);

    await row.getByRole("button", { name: /Déconnecter toutes les sessions/ }).click();
    await page.getByRole("button", { name: "Déconnecter toutes les sessions" }).click();
    await expect(page.getByRole("status")).toContainText("Sessions terminées");
    await page.context().close();
  });

  test("a lawyer's workspace lists tableau de bord, dossiers, clients and messages", async ({ browser }) => {
    const page = await newStaffPage(browser, world, { viewport: PHONE });
    await signInAsStaff(page, world.lawyer);
    await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord avocat" })).toBeVisible();
    // French throughout (decision 72): no English word left in the heading.
    await expect(page.getByRole("heading", { level: 1 }).locator('[lang="en"]')).toHaveCount(0);
    await expect(page.locator("[data-staff-person]")).toHaveText(/Louis Bernard\s*Avocat/);
    await page.getByText("Menu de l'espace de travail").click();
    const nav = page.getByRole("navigation", { name: "Espace de travail" });
    await expect(nav.getByRole("link", { name: "Tableau de bord" })).toBeVisible();
    await expect(nav.getByRole("link", { name: /^Dossiers/ })).toHaveAttribute("href", "/avocat/dossiers");
    await expect(nav.getByRole("link", { name: /^Clients/ })).toHaveAttribute("href", "/avocat/clients");
    await expect(nav.getByRole("link", { name: /^Messages/ })).toHaveAttribute("href", "/avocat/messages");
    await expect(nav.getByText("Bientôt disponible")).toHaveCount(0);
    await expectTouchTargets(page, "/dashboard (avocat, 390 px, menu ouvert)");
    await expectNoAxeViolations(page, "/dashboard (avocat, 390 px)");
    await page.context().close();
  });

  test("a signed-out staff member sent from /admin/users comes back there after password and code", async ({ browser }) => {
    const page = await newStaffPage(browser, world);
    await page.goto("/admin/users");
    await expect(page).toHaveURL(/\/connexion\?redirectTo=%2Fadmin%2Fusers$/);
    await waitForHydration(page);
    await page.getByLabel("Adresse e-mail").fill(world.admin.email);
    await page.getByLabel("Mot de passe", { exact: true }).fill(world.admin.password);
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page).toHaveURL(/\/connexion\/verification\?redirectTo=%2Fadmin%2Fusers$/);
    await waitForHydration(page);
    await page.getByLabel("Code de vérification").fill(await totpCode(world.admin.manualKey));
    await page.getByRole("button", { name: "Vérifier", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(page.getByRole("heading", { level: 1, name: "Utilisateurs" })).toBeVisible();
    await page.context().close();
  });
});
