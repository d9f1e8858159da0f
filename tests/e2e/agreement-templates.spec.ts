/**
 * The fee agreement's templates (issue 30, decision 77): an admin opens /admin/conventions from the dashboard, reads
 * version 1 (generated from the fee model), prepares a new version, sees a missing required section refused with the
 * error summary taking the focus, adds the section back and saves version 2. Axe on each page; the same refusal
 * without JavaScript.
 */
import { expect, test } from "@playwright/test";
import { SECTION_KIND_LABELS } from "~/modules/agreements/agreements.schema";
import { expectNoAxeViolations } from "./support/axe";
import { waitForHydration } from "./support/hydration";
import { newStaffPage, signInAsStaff, startStaffWorld, type StaffWorld } from "./support/staff";

const MISSING_WITHDRAWAL = `Section obligatoire manquante\u202f: ${SECTION_KIND_LABELS.withdrawal}`;

test.describe("agreement templates", () => {
  test.describe.configure({ mode: "serial" });
  let world: StaffWorld;

  test.beforeAll(async () => {
    world = await startStaffWorld();
  });
  test.afterAll(async () => {
    await world?.stop();
  });

  test("an admin saves a new version; a missing required section is refused first", async ({ browser }) => {
    test.slow();
    const page = await newStaffPage(browser, world);
    await signInAsStaff(page, world.admin);
    await page.getByRole("navigation", { name: "Administration" }).getByRole("link", { name: /^Conventions d'honoraires/ }).click();
    await expect(page).toHaveURL(/\/admin\/conventions$/);
    await expect(page.getByRole("heading", { level: 1, name: "Conventions d'honoraires" })).toBeVisible();
    await expect(page.getByText("Une nouvelle version ne modifie jamais une convention déjà proposée ou signée")).toBeVisible();
    await expectNoAxeViolations(page, "/admin/conventions");

    await page.getByRole("link", { name: "Version 1", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: /^Version 1/ })).toBeVisible();
    await expect(page.getByRole("heading", { level: 3, name: /Le droit de rétractation/ })).toBeVisible();
    await expect(page.getByText("180 boulevard Haussmann, 75008 Paris")).toBeVisible();
    await expectNoAxeViolations(page, "/admin/conventions/:id");

    await page.getByRole("link", { name: "Nouvelle version" }).click();
    await expect(page).toHaveURL(/\/admin\/conventions\/nouvelle$/);
    await waitForHydration(page);
    await expectNoAxeViolations(page, "/admin/conventions/nouvelle");
    const withdrawal = page.getByRole("group", { name: /^Section \d+$/ }).filter({ has: page.locator("select option:checked", { hasText: SECTION_KIND_LABELS.withdrawal }) });
    await expect(withdrawal).toHaveCount(1);
    const legend = (await withdrawal.locator("legend").textContent()) ?? "";
    await page.getByRole("button", { name: `Retirer la ${legend.toLowerCase()}` }).click();
    await expect(page.getByRole("group", { name: /^Section \d+$/ }).filter({ has: page.locator("select option:checked", { hasText: SECTION_KIND_LABELS.withdrawal }) })).toHaveCount(0);

    await page.getByLabel("Titre de la convention").fill("Convention d'honoraires, version revue");
    await page.getByRole("button", { name: "Enregistrer la nouvelle version" }).click();
    const summary = page.locator("[data-error-summary]");
    await expect(summary).toBeFocused();
    await expect(summary).toContainText(MISSING_WITHDRAWAL);
    await expect(page).toHaveURL(/\/admin\/conventions\/nouvelle$/);
    await expectNoAxeViolations(page, "/admin/conventions/nouvelle with errors");

    // The summary's link leads to where a section is added.
    await summary.getByRole("link", { name: MISSING_WITHDRAWAL }).click();
    await expect(page.getByLabel("Type de la section à ajouter")).toBeFocused();
    await page.getByLabel("Type de la section à ajouter").selectOption({ label: SECTION_KIND_LABELS.withdrawal });
    await page.getByRole("button", { name: "Ajouter une section" }).click();
    const added = page.getByRole("group", { name: /^Section \d+$/ }).last();
    await expect(added.getByLabel("Type")).toHaveValue("withdrawal");
    await added
      .getByLabel("Texte")
      .fill(
        "Vous disposez de 14 jours après votre signature pour vous rétracter, avec le bouton « Me rétracter » de la page de votre dossier ou par e-mail à {{email_avocat}}, par exemple avec le formulaire ci-dessous.\nFormulaire de rétractation : …",
      );
    await page.getByRole("button", { name: "Enregistrer la nouvelle version" }).click();
    await expect(page).toHaveURL(/\/admin\/conventions\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1, name: "Version 2\u202f: Convention d'honoraires, version revue" })).toBeVisible();
    await expect(page.getByText(`par ${world.admin.firstName} ${world.admin.lastName}`)).toBeVisible();

    await page.goto("/admin/conventions");
    await expect(page.getByRole("link", { name: "Version 2", exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Version 1", exact: true })).toBeVisible();
    await page.context().close();
  });

  test("without JavaScript, the server refuses the same version with the error summary first", async ({ browser }) => {
    const page = await newStaffPage(browser, world, { javaScriptEnabled: false });
    await signInAsStaff(page, world.admin, false);
    await page.goto("/admin/conventions/nouvelle");
    const withdrawal = page.getByRole("group", { name: /^Section \d+$/ }).filter({ has: page.locator("select option:checked", { hasText: SECTION_KIND_LABELS.withdrawal }) });
    const legend = (await withdrawal.locator("legend").textContent()) ?? "";
    await page.getByRole("button", { name: `Retirer la ${legend.toLowerCase()}` }).click();
    await expect(page.getByRole("group", { name: /^Section \d+$/ }).filter({ has: page.locator("select option:checked", { hasText: SECTION_KIND_LABELS.withdrawal }) })).toHaveCount(0);
    const response = page.waitForResponse((answer) => answer.request().method() === "POST");
    await page.getByRole("button", { name: "Enregistrer la nouvelle version" }).click();
    expect((await response).status()).toBe(400);
    await expect(page.locator("[data-error-summary]")).toContainText(MISSING_WITHDRAWAL);
    await page.goto("/admin/conventions");
    await expect(page.getByRole("link", { name: "Version 3", exact: true })).toHaveCount(0);
    await page.context().close();
  });
});
