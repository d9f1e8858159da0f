/** What a wary visitor checks first: sourced figures, one fee story, one safety message, first steps at hand. */
import { expect, test } from "@playwright/test";
import { EXAMPLE_FEE_MODEL, feeStatement } from "~/content/fees";
import { DEVELOPMENT_FIGURE_SOURCE_TEXT, operatorPlaceholders, safetyNotice, scamSlugs, type FigureKey } from "~/content/site";
import { expectNoAxeViolations } from "./support/axe";

test("every figure on the home and scam pages shows its source beside it", async ({ page }) => {
  for (const path of ["/", ...scamSlugs.map((slug) => `/arnaques/${slug}`)]) {
    await page.goto(path);
    const figures = page.locator("main [data-figure]");
    const count = await figures.count();
    expect(count, `${path}: figures`).toBeGreaterThan(0);
    for (let index = 0; index < count; index += 1) {
      const key = (await figures.nth(index).getAttribute("data-figure")) as FigureKey;
      const source = page.locator(`main [data-figure-source="${key}"]`).first();
      await expect(source, `${path}: source of ${key}`).toBeVisible();
      // The test server sets no OPERATOR_FIGURE_SOURCES: each source says it is a development example; fees cite the terms.
      await expect(source).toContainText(key === "fees" ? "Conditions générales de Recours" : DEVELOPMENT_FIGURE_SOURCE_TEXT);
    }
  }
  // The home page's structured data carries no AggregateRating while the rating's source is not real reviews.
  await page.goto("/");
  const jsonLd = (await page.locator('script[type="application/ld+json"]').allTextContents()).join("\n");
  expect(jsonLd).not.toContain("AggregateRating");
});

test("the same fee sentence on the home page, how it works, sign-up, lawyers' page and terms", async ({ page }) => {
  // The test server sets no FEE_* variables: the statement is development's example model's (decision 77).
  for (const path of ["/", "/fonctionnement", "/inscription", "/avocats", "/conditions-generales"]) {
    await page.goto(path);
    await expect(page.getByText(feeStatement(EXAMPLE_FEE_MODEL)).first(), path).toBeVisible();
    await expect(page.getByRole("main"), path).not.toContainText(/si rien n'est récupéré, vous ne payez rien|commission/i);
  }
  await page.goto("/avocats");
  await expect(page.getByRole("main")).not.toContainText(/commission attractive|commission sur les dossiers/i);
  // Applications go to the configured contact address (here the development placeholder), no address of its own.
  await expect(page.getByRole("main")).not.toContainText("avocats@recours.example");
  await expect(page.getByRole("main")).toContainText(`écrire directement à ${operatorPlaceholders.email}`);
});

test("one safety message, and 'Premiers réflexes' in the desktop header and first in the phone menu", async ({ browser }) => {
  const desktop = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await desktop.newPage();
  await page.goto("/");
  await expect(page.getByRole("contentinfo")).toContainText(safetyNotice);
  const header = page.getByRole("banner");
  await header.getByRole("link", { name: "Premiers réflexes" }).click();
  await expect(page).toHaveURL(/\/premiers-reflexes$/);
  await desktop.close();

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const mobile = await phone.newPage();
  await mobile.goto("/inscription");
  await expect(mobile.getByLabel("Pays de résidence")).toHaveAccessibleDescription(/résident en France, en Belgique, en Suisse, au Luxembourg ou au Canada.*116.006/);
  await mobile.getByText("Menu", { exact: true }).click();
  const menu = mobile.getByRole("navigation", { name: "Navigation principale" });
  await expect(menu.getByRole("link").first()).toHaveText("Premiers réflexes après une arnaque");
  await expectNoAxeViolations(mobile, "/inscription (menu ouvert, 390 px)");
  await phone.close();
});
