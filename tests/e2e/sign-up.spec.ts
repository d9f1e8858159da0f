import { expect, test } from "@playwright/test";
import { fillSignUpForm, submitSignUpForm, uniqueUser } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { waitForHydration } from "./support/hydration";

const requiredMessages = [
  "Le prénom est requis",
  "Le nom est requis",
  "L'email est requis",
  "Le mot de passe est requis",
  "Le téléphone mobile est requis",
];

test.describe("Inscription", () => {
  test("an empty form shows every required message under its field", async ({ page }) => {
    await page.goto("/inscription");
    await expect(page).toHaveTitle("Inscription - Recours");
    await expect(page.getByRole("heading", { level: 1, name: "Créer mon compte" })).toBeVisible();
    await expectNoAxeViolations(page, "/inscription");

    await waitForHydration(page);
    await submitSignUpForm(page);

    await expect(page).toHaveURL(/\/inscription$/);
    for (const message of requiredMessages) await expect(page.getByText(message, { exact: true })).toBeVisible();
    await expect(page.getByLabel("Prénom")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Prénom")).toHaveAccessibleDescription("Le prénom est requis");
    await expectNoAxeViolations(page, "/inscription (erreurs)");

    // Editing a field clears its own message only.
    await page.getByLabel("Prénom").fill("Camille");
    await expect(page.getByText("Le prénom est requis", { exact: true })).toHaveCount(0);
    await expect(page.getByText("Le nom est requis", { exact: true })).toBeVisible();
  });

  test("a password shorter than 12 characters is refused", async ({ page }) => {
    await page.goto("/inscription");
    await waitForHydration(page);
    await fillSignUpForm(page, uniqueUser({ password: "Court-1!" }));
    await submitSignUpForm(page);

    await expect(page.getByText("Le mot de passe doit contenir au moins 12 caractères", { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/inscription$/);
    for (const message of requiredMessages) await expect(page.getByText(message, { exact: true })).toHaveCount(0);
    await expectNoAxeViolations(page, "/inscription (mot de passe trop court)");
  });

  test("a valid sign-up lands on the dashboard with a greeting and a toast", async ({ page }) => {
    const user = uniqueUser({ firstName: "Élodie", lastName: "Marchand" });
    await page.goto("/inscription");
    await expectNoAxeViolations(page, "/inscription");
    await waitForHydration(page);
    await fillSignUpForm(page, user);
    await submitSignUpForm(page);

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1, name: "Bonjour Élodie Marchand" })).toBeVisible();
    await expect(page.getByRole("status")).toContainText("Compte créé avec succès !");
    await expect(page.getByRole("status")).toContainText("Bienvenue sur votre espace personnel.");
    await expectNoAxeViolations(page, "/dashboard");

    // The same email cannot be registered twice.
    await page.getByRole("button", { name: "Se déconnecter" }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/inscription");
    await waitForHydration(page);
    await fillSignUpForm(page, user);
    await submitSignUpForm(page);
    await expect(page.getByRole("alert")).toHaveText("Un compte existe déjà avec cet email. Essayez de vous connecter.");
    await expectNoAxeViolations(page, "/inscription (email déjà utilisé)");
  });
});

test.describe("Téléphone mobile", () => {
  const phoneLabel = "Numéro de téléphone mobile, sans l'indicatif";

  test("digits are grouped 1-2-2-2-2 for France and 3-3-4 for Canada, keeping the digits", async ({ page }) => {
    await page.goto("/inscription");
    await waitForHydration(page);
    const phone = page.getByLabel(phoneLabel);
    const dialCode = page.getByLabel("Indicatif du pays");
    await expect(dialCode).toHaveValue("FR");

    await phone.pressSequentially("6a1-2.34 5678");
    await expect(phone).toHaveValue("6 12 34 56 78");

    await dialCode.selectOption("CA");
    await expect(dialCode).toHaveValue("CA");
    await expect(phone).toHaveValue("612 345 678");

    await dialCode.selectOption("FR");
    await expect(phone).toHaveValue("6 12 34 56 78");
    await expectNoAxeViolations(page, "/inscription (téléphone)");
  });

  test("a French number typed with its leading 0 is shown as 6 12 34 56 78", async ({ page }) => {
    // app/lib/phone.ts: phoneDigits "drops the national trunk prefix 0 a French number is often typed with".
    await page.goto("/inscription");
    await waitForHydration(page);
    const phone = page.getByLabel(phoneLabel);
    await phone.pressSequentially("0612345678");
    await expect(phone).toHaveValue("6 12 34 56 78");

    await page.getByLabel("Indicatif du pays").selectOption("CA");
    await expect(phone).toHaveValue("612 345 678");
  });
});
