/**
 * At 390 px on a touch screen, every interactive element of every page is at least 44 × 44 px (links inside running
 * text excepted). Staff pages are checked in staff-workspace.spec.ts (they need staff accounts of their own).
 */
import { expect, test } from "@playwright/test";
import { publicPagePaths } from "~/content/site";
import { signUpThroughUi } from "./support/accounts";
import { expectTouchTargets } from "./support/touch-targets";

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

test("every public page at 390 px: no target under 44 × 44 px", async ({ page }) => {
  test.setTimeout(180_000);
  const failures: string[] = [];
  for (const path of [...publicPagePaths(), "/mot-de-passe-oublie", "/une-page-inconnue"]) {
    await page.goto(path);
    try {
      await expectTouchTargets(page, path);
    } catch (error) {
      failures.push(String((error as Error).message).split("\n").slice(0, 30).join("\n"));
    }
    // The phone menu open: its links are targets too.
    if (path === "/") {
      await page.getByText("Menu", { exact: true }).click();
      await expectTouchTargets(page, "/ (menu ouvert)").catch((error: Error) => failures.push(error.message.slice(0, 2000)));
    }
  }
  expect(failures).toEqual([]);
});

test("every member page of a client at 390 px: no target under 44 × 44 px", async ({ page }) => {
  test.setTimeout(180_000);
  await signUpThroughUi(page);
  const failures: string[] = [];
  for (const path of ["/dashboard", "/complete-profile", "/compte", "/compte/email", "/compte/double-authentification"]) {
    await page.goto(path);
    await expectTouchTargets(page, path).catch((error: Error) => failures.push(error.message.slice(0, 2000)));
  }
  expect(failures).toEqual([]);
});
