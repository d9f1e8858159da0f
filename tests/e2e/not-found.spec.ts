import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";

test("an unknown path answers 404 with a page linking home", async ({ page }) => {
  const response = await page.goto("/cette-page-n-existe-pas");
  expect(response?.status()).toBe(404);
  // French first (issue 29): the heading, then the specification's English sentence marked as English.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page introuvable");
  await expect(page.locator("main h1 ~ p[lang=en]")).toHaveText("Oops! Page not found");
  await expect(page).toHaveTitle(/^Page introuvable/);
  const home = page.getByRole("main").getByRole("link", { name: "Retour à l'accueil" });
  await expect(home).toHaveAttribute("href", "/");
  await expectNoAxeViolations(page, "404");

  await home.click();
  await expect(page).toHaveURL(/\/$/);
});

test("a nested unknown path also answers 404", async ({ page }) => {
  const response = await page.goto("/dossiers/inconnu/123");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("Oops! Page not found", { exact: true })).toBeVisible();
});
