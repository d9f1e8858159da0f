import { expect, type Page } from "@playwright/test";

/**
 * Waits until React has hydrated the server-rendered page (React attaches its fiber to hydrated
 * elements), so interactive behaviour such as phone formatting is active before the test types.
 * Polls with page.evaluate: page.waitForFunction needs eval, which the app's CSP rightly forbids.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const main = document.querySelector("main");
          return main !== null && Object.keys(main).some((key) => key.startsWith("__reactFiber"));
        }),
      { message: "React hydration of the page" },
    )
    .toBe(true);
}
