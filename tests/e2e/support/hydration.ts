import { expect, type Page } from "@playwright/test";

/**
 * Waits until React has committed the hydrated page (the root layout's effect marks <html data-hydrated>), so
 * interactive behaviour such as phone formatting is active before the test types. A fiber on <main> is not enough:
 * React attaches it during a render that may still yield before its commit and its event handlers.
 * Polls with page.evaluate: page.waitForFunction needs eval, which the app's CSP rightly forbids.
 */
export async function waitForHydration(page: Page): Promise<void> {
  // Public form pages run their scripts at the visitor's first interaction (decision record 59): a pointer move,
  // repeated at each poll, as a visitor's hand keeps moving, in case the page's loader was not yet listening.
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          window.dispatchEvent(new Event("pointermove"));
          return document.documentElement.dataset.hydrated === "true";
        }),
      { message: "React hydration of the page" },
    )
    .toBe(true);
}

/**
 * A slow phone: opens `path` with every script held back, so the page shows and can be filled in before JavaScript
 * starts. Returns what lets the scripts through.
 */
export async function openWithScriptsHeld(page: Page, path: string): Promise<() => void> {
  let releaseScripts = () => {};
  const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  await page.goto(path, { waitUntil: "commit" });
  return releaseScripts;
}
