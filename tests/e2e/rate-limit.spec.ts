import { expect, test } from "@playwright/test";
import { signOutThroughUi, signUpThroughUi, submitSignIn } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { waitForHydration } from "./support/hydration";
import { LOGIN_ATTEMPTS_PER_EMAIL } from "./support/limits";

const invalidCredentials = "Email ou mot de passe incorrect. Vérifiez vos identifiants.";
const tooManyAttempts = "Trop de tentatives de connexion. Veuillez patienter avant de réessayer.";

test("repeated failed sign-ins for one email are stopped after the per-email limit", async ({ page }) => {
  // A sign-up, then one failed sign-in after another, each a full password check.
  test.slow();
  const user = await signUpThroughUi(page);
  await signOutThroughUi(page);
  await page.goto("/connexion");
  await waitForHydration(page);

  async function attempt(password: string): Promise<{ status: number; message: string }> {
    const response = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/connexion"));
    await submitSignIn(page, user.email, password);
    await response;
    const alert = page.getByRole("alert");
    await expect(alert).toBeVisible();
    await expect(page.getByRole("button", { name: "Se connecter" })).toBeEnabled();
    return { status: (await response).status(), message: (await alert.textContent()) ?? "" };
  }

  for (let i = 1; i <= LOGIN_ATTEMPTS_PER_EMAIL; i++) {
    const { message } = await attempt(`Mauvais-mot-de-passe-${i}`);
    expect(message, `tentative ${i}`).toBe(invalidCredentials);
  }
  const blocked = await attempt("Mauvais-mot-de-passe-encore");
  expect(blocked.message).toBe(tooManyAttempts);
  await expectNoAxeViolations(page, "/connexion (trop de tentatives)");

  // Even the right password is refused while the limit holds.
  const rightPassword = await attempt(user.password);
  expect(rightPassword.message).toBe(tooManyAttempts);
  await expect(page).toHaveURL(/\/connexion$/);
});
