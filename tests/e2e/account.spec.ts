import { expect, test, type Browser, type Page } from "@playwright/test";
import { confirmSignUpByEmail, fillSignUpForm, signOutThroughUi, signUpThroughUi, submitSignIn, submitSignUpForm, type TestUser, uniqueUser } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { waitForHydration } from "./support/hydration";
import { expectFieldError } from "./support/profile";

const IPHONE_SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";
const NEW_PASSWORD = "Parapluie-Horizon-Marmotte-31";

/** The same person on a second device (an iPhone), in a browser context of its own. */
async function signInOnPhone(browser: Browser, user: TestUser, javaScriptEnabled = true): Promise<Page> {
  const context = await browser.newContext({ userAgent: IPHONE_SAFARI, javaScriptEnabled });
  const phone = await context.newPage();
  await phone.goto("/connexion");
  await submitSignIn(phone, user.email, user.password);
  await expect(phone).toHaveURL(/\/dashboard$/);
  return phone;
}

async function expectSignedOut(page: Page): Promise<void> {
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/connexion$/);
  await expect(page.getByRole("heading", { level: 1, name: "Connexion" })).toBeVisible();
}

function accountPage(page: Page) {
  const devices = page.getByRole("region", { name: "Mes appareils connectés" });
  return {
    currentPassword: page.getByLabel("Mot de passe actuel"),
    newPassword: page.getByLabel("Nouveau mot de passe", { exact: true }),
    confirmPassword: page.getByLabel("Confirmer le nouveau mot de passe"),
    submit: page.getByRole("button", { name: "Changer mon mot de passe" }),
    devices,
    device: (name: string) => devices.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) }),
    signOutEverywhere: page.getByRole("button", { name: "Me déconnecter partout" }),
  };
}

async function changePassword(page: Page, current: string, next: string, confirmation = next): Promise<void> {
  const form = accountPage(page);
  await form.currentPassword.fill(current);
  await form.newPassword.fill(next);
  await form.confirmPassword.fill(confirmation);
  await form.submit.click();
}

test.describe("Mon compte", () => {
  test("is linked from the dashboard and shows the person, the password form and this device", async ({ page }) => {
    const user = await signUpThroughUi(page);
    await page.getByRole("link", { name: "Mon compte" }).click();
    await expect(page).toHaveURL(/\/compte$/);
    await expect(page).toHaveTitle("Mon compte - Recours");
    await expect(page.getByRole("heading", { level: 1, name: "Mon compte" })).toBeVisible();
    const details = page.getByRole("region", { name: "Mes informations" });
    await expect(details).toContainText(`${user.firstName} ${user.lastName}`);
    await expect(details).toContainText(user.email);

    const form = accountPage(page);
    await expect(form.currentPassword).toHaveAttribute("autocomplete", "current-password");
    await expect(form.newPassword).toHaveAttribute("autocomplete", "new-password");
    await expect(form.confirmPassword).toHaveAttribute("autocomplete", "new-password");
    await expect(form.devices.getByRole("listitem")).toHaveCount(1);
    const here = form.device("Chrome sur Windows");
    await expect(here).toContainText("Cet appareil");
    await expect(here).toContainText("Adresse IP");
    await expect(here).toContainText("127.0.0.1");
    await expect(here).toContainText(/Connexion\s*\d{2}\/\d{2}\/\d{4} à \d{2}:\d{2}/);
    await expect(here.getByRole("button", { name: "Déconnecter cet appareil" })).toHaveCount(0);
    await expectNoAxeViolations(page, "/compte");

    await page.getByRole("link", { name: "Retour au tableau de bord" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("the password form checks its fields in French before posting", async ({ page }) => {
    await signUpThroughUi(page);
    await page.goto("/compte");
    await waitForHydration(page);
    const form = accountPage(page);

    await form.submit.click();
    await expectFieldError(form.currentPassword, "Le mot de passe actuel est requis");
    await expectFieldError(form.newPassword, "Le nouveau mot de passe est requis");
    await expectFieldError(form.confirmPassword, "Veuillez saisir à nouveau le nouveau mot de passe");
    await expect(page.locator("[data-error-summary]")).toBeFocused();
    await expectNoAxeViolations(page, "/compte (champs requis)");

    await changePassword(page, "quelque chose", "court", "autre");
    await expectFieldError(form.newPassword, "Le mot de passe doit contenir au moins 12 caractères");
    await expectFieldError(form.confirmPassword, "Les deux mots de passe ne sont pas identiques");

    // A field's message goes away as soon as it is edited.
    await form.newPassword.fill("x");
    await expect(form.newPassword).not.toHaveAttribute("aria-invalid", "true");
  });

  test("changing the password signs the other device out on its next page, and this one stays in", async ({ page, browser }) => {
    const user = await signUpThroughUi(page);
    const phone = await signInOnPhone(browser, user);

    await page.goto("/compte");
    await waitForHydration(page);
    const form = accountPage(page);
    await expect(form.devices.getByRole("listitem")).toHaveCount(2);
    await expect(form.device("Safari sur iPhone")).toBeVisible();

    await changePassword(page, "Pas-le-bon-mot-de-passe-9", NEW_PASSWORD);
    await expectFieldError(form.currentPassword, "Le mot de passe actuel est incorrect.");
    await expectNoAxeViolations(page, "/compte (mot de passe actuel incorrect)");

    await changePassword(page, user.password, "motdepasse123");
    await expectFieldError(form.newPassword, "Ce mot de passe est trop courant ou trop facile à deviner");

    await changePassword(page, user.password, NEW_PASSWORD);
    await expect(page.getByRole("status")).toContainText("Mot de passe modifié");
    await expect(page.getByRole("status")).toContainText("Vos autres appareils ont été déconnectés.");
    await expect(page).toHaveURL(/\/compte$/);
    await expect(form.devices.getByRole("listitem")).toHaveCount(1);
    await expect(form.device("Chrome sur Windows")).toContainText("Cet appareil");
    await expect(form.currentPassword).toHaveValue("");
    await expect(form.newPassword).toHaveValue("");

    await expectSignedOut(phone);
    await submitSignIn(phone, user.email, user.password);
    await expect(phone.getByRole("alert")).toHaveText("Email ou mot de passe incorrect. Vérifiez vos identifiants.");
    await submitSignIn(phone, user.email, NEW_PASSWORD);
    await expect(phone).toHaveURL(/\/dashboard$/);

    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Mon compte" })).toBeVisible();
    await phone.context().close();
  });

  test("'Déconnecter cet appareil' ends that device's session only", async ({ page, browser }) => {
    const user = await signUpThroughUi(page);
    const phone = await signInOnPhone(browser, user);

    await page.goto("/compte");
    const form = accountPage(page);
    await form.device("Safari sur iPhone").getByRole("button", { name: "Déconnecter cet appareil" }).click();
    await expect(page.getByRole("status")).toContainText("Appareil déconnecté");
    await expect(form.devices.getByRole("listitem")).toHaveCount(1);
    await expect(form.device("Safari sur iPhone")).toHaveCount(0);
    await expectNoAxeViolations(page, "/compte (appareil déconnecté)");

    await expectSignedOut(phone);
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/dashboard$/);
    await phone.context().close();
  });

  test("'Me déconnecter partout' signs out every device, this one included", async ({ page, browser }) => {
    const user = await signUpThroughUi(page);
    const phone = await signInOnPhone(browser, user);

    await page.goto("/compte");
    await waitForHydration(page);
    await accountPage(page).signOutEverywhere.click();
    const dialog = page.getByRole("alertdialog", { name: "Vous déconnecter de tous vos appareils ?" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Annuler" })).toBeFocused();
    await expectNoAxeViolations(page, "/compte (confirmation)");
    await dialog.getByRole("button", { name: "Annuler" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/compte$/);
    await accountPage(page).signOutEverywhere.click();
    await dialog.getByRole("button", { name: "Me déconnecter partout" }).click();
    await expect(page).toHaveURL(/\/connexion$/);
    await expect(page.getByRole("status")).toContainText("Déconnexion de tous vos appareils");
    await expectNoAxeViolations(page, "/connexion (déconnecté partout)");

    await expectSignedOut(page);
    await expectSignedOut(phone);
    await phone.context().close();
  });

  test("a signed-out visit to /compte, then sign-in, lands on /compte; an outside redirectTo lands on /dashboard", async ({ page }) => {
    // One sign-up and five sign-ins through the page: near the default minute on a busy machine.
    test.slow();
    const user = await signUpThroughUi(page);
    await signOutThroughUi(page);

    await page.goto("/compte");
    await expect(page).toHaveURL(/\/connexion\?redirectTo=%2Fcompte$/);
    await expectNoAxeViolations(page, "/connexion?redirectTo=/compte");
    await waitForHydration(page);
    await submitSignIn(page, user.email, user.password);
    await expect(page).toHaveURL(/\/compte$/);
    await expect(page.getByRole("heading", { level: 1, name: "Mon compte" })).toBeVisible();
    await page.goto("/dashboard");
    await signOutThroughUi(page);

    for (const outside of ["//evil.example", "https://evil.example/compte", "/\\evil.example"]) {
      await page.goto(`/connexion?redirectTo=${encodeURIComponent(outside)}`);
      await waitForHydration(page);
      await submitSignIn(page, user.email, user.password);
      await expect(page, outside).toHaveURL(/\/dashboard$/);
      await signOutThroughUi(page);
    }
  });
});

test.describe("Mon compte sans JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  const postTo = (page: Page) =>
    page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/compte");

  test("every form works with plain posts: errors, password change, one device, every device", async ({ page, browser }) => {
    // One long journey (sign-up, three devices, four accessibility scans): more than the default minute on a busy machine.
    test.slow();
    const user = uniqueUser({ firstName: "Noé", lastName: "Sans-Script" });
    await page.goto("/inscription");
    await fillSignUpForm(page, user);
    await submitSignUpForm(page);
    await confirmSignUpByEmail(page, user);
    await page.getByRole("link", { name: "Mon compte" }).click();
    await expect(page).toHaveURL(/\/compte$/);
    await expectNoAxeViolations(page, "/compte (sans JS)", { javaScript: false });
    const form = accountPage(page);

    let post = postTo(page);
    await form.submit.click();
    expect((await post).status()).toBe(400);
    await expectFieldError(form.currentPassword, "Le mot de passe actuel est requis");
    await expectFieldError(form.newPassword, "Le nouveau mot de passe est requis");
    await expectFieldError(form.confirmPassword, "Veuillez saisir à nouveau le nouveau mot de passe");
    await expectNoAxeViolations(page, "/compte (sans JS, erreurs)", { javaScript: false });

    post = postTo(page);
    await changePassword(page, "Pas-le-bon-mot-de-passe-9", NEW_PASSWORD, "Parapluie-Horizon");
    expect((await post).status()).toBe(400);
    await expectFieldError(form.confirmPassword, "Les deux mots de passe ne sont pas identiques");
    // Typed passwords are never sent back.
    await expect(form.currentPassword).toHaveValue("");

    post = postTo(page);
    await changePassword(page, "Pas-le-bon-mot-de-passe-9", NEW_PASSWORD);
    expect((await post).status()).toBe(400);
    await expectFieldError(form.currentPassword, "Le mot de passe actuel est incorrect.");

    const phone = await signInOnPhone(browser, user, false);
    await page.goto("/compte");
    post = postTo(page);
    await changePassword(page, user.password, NEW_PASSWORD);
    expect((await post).status()).toBe(302);
    await expect(page).toHaveURL(/\/compte$/);
    await expect(page.getByRole("status")).toContainText("Mot de passe modifié");
    await expectSignedOut(phone);

    const updated = { ...user, password: NEW_PASSWORD };
    await phone.goto("/connexion");
    await submitSignIn(phone, updated.email, updated.password);
    await expect(phone).toHaveURL(/\/dashboard$/);
    await page.goto("/compte");
    post = postTo(page);
    await form.device("Safari sur iPhone").getByRole("button", { name: "Déconnecter cet appareil" }).click();
    expect((await post).status()).toBe(302);
    await expect(page.getByRole("status")).toContainText("Appareil déconnecté");
    await expectSignedOut(phone);

    const tablet = await signInOnPhone(browser, updated, false);
    await page.goto("/compte");
    post = postTo(page);
    await form.signOutEverywhere.click();
    expect((await post).status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Vous déconnecter de tous vos appareils ?" })).toBeVisible();
    await expectNoAxeViolations(page, "/compte (confirmation sans JS)", { javaScript: false });
    post = postTo(page);
    await page.getByRole("button", { name: "Me déconnecter partout" }).click();
    expect((await post).status()).toBe(302);
    await expect(page).toHaveURL(/\/connexion$/);
    await expect(page.getByRole("status")).toContainText("Déconnexion de tous vos appareils");
    await expectSignedOut(page);
    await expectSignedOut(tablet);
    await phone.context().close();
    await tablet.context().close();
  });
});
