import { expect, test, type Page } from "@playwright/test";
import { signOutThroughUi, signUpThroughUi, submitSignIn } from "./support/accounts";
import { waitForHydration } from "./support/hydration";

/**
 * The public form pages come from the in-memory page cache to an anonymous visitor, without a nonce, under a policy
 * listing the SHA-256 of their inline scripts (decision 88): the policy must let every one of them run, the held
 * module script included, and the page must hydrate and sign in.
 */

/** Console errors (a script the policy refused is one) and page errors. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

test.describe("form pages from the page cache", () => {
  for (const path of ["/connexion", "/inscription", "/mot-de-passe-oublie"]) {
    test(`${path}: served from memory with hashed scripts, hydrates without any policy violation`, async ({ browser }) => {
      const context = await browser.newContext();
      const page = await context.newPage();
      const errors = watchErrors(page);
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      const headers = await response!.allHeaders();
      expect(headers["etag"], "answered from the page cache").toMatch(/^"[A-Za-z0-9_-]{32}(-gzip|-br)?"$/);
      expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'sha256-/);
      expect(headers["content-security-policy"]).not.toMatch(/nonce|unsafe/);
      await waitForHydration(page);
      expect(errors, "no console error, no refused script").toEqual([]);
      await context.close();
    });
  }

  test("the cached /connexion hydrates and signs in", async ({ page, browser }) => {
    const user = await signUpThroughUi(page);
    await signOutThroughUi(page);

    const context = await browser.newContext();
    const visitor = await context.newPage();
    const errors = watchErrors(visitor);
    const response = await visitor.goto("/connexion");
    expect((await response!.allHeaders())["content-security-policy"]).toMatch(/'sha256-/);
    await waitForHydration(visitor);
    await submitSignIn(visitor, user.email, user.password);
    await expect(visitor).toHaveURL(/\/dashboard$/);
    await expect(visitor.getByRole("heading", { level: 1, name: `Bonjour ${user.firstName} ${user.lastName}` })).toBeVisible();
    expect(errors).toEqual([]);
    // Signed in, the form page is no longer the cached one: the member is sent on to their space.
    await visitor.goto("/connexion");
    await expect(visitor).toHaveURL(/\/dashboard$/);
    await context.close();
  });
});
