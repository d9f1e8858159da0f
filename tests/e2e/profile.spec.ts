import { expect, test, type Locator, type Page } from "@playwright/test";
import { confirmSignUpByEmail, fillSignUpForm, signUpThroughUi, submitSignUpForm, uniqueUser } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { openWithScriptsHeld, waitForHydration } from "./support/hydration";
import {
  expectFieldError,
  fieldMessage,
  fillValidProfile,
  NIF_MESSAGE,
  PROFILE_REQUIRED_MESSAGES,
  profileForm,
} from "./support/profile";

async function openProfileForm(page: Page): Promise<void> {
  await page.goto("/complete-profile");
  await expect(page).toHaveTitle("Compléter mon profil - Recours");
  await waitForHydration(page);
}

/** Presses Tab until the target has the focus: the keyboard is the only way the test moves. */
async function tabTo(page: Page, target: Locator, maxPresses = 40): Promise<void> {
  for (let press = 0; press < maxPresses; press += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target).toBeFocused();
}

function frenchDate(date: Date): string {
  const day = String(date.getDate()).padStart(2, "0");
  const month = String(date.getMonth() + 1).padStart(2, "0");
  return `${day}-${month}-${date.getFullYear()}`;
}

test.describe("Compléter mon profil", () => {
  test("a new user completes the profile with the French postal-code lookup; the dashboard says 'Complété'", async ({
    page,
  }) => {
    const user = await signUpThroughUi(page);
    // One clear next step at the top of the dashboard.
    const nextStep = page.getByRole("region", { name: "Complétez votre profil" });
    await expect(nextStep).toBeVisible();
    await expect(nextStep.getByRole("link", { name: "Compléter mon profil" })).toHaveAttribute("href", "/complete-profile");
    const profileCard = page.getByRole("region", { name: "Mon profil" });
    await expect(profileCard).toContainText("Incomplet");
    const quickAction = page
      .getByRole("region", { name: "Actions rapides" })
      .getByRole("link", { name: "Compléter mon profil" });
    await expect(quickAction).toBeVisible();

    await quickAction.click();
    await expect(page).toHaveURL(/\/complete-profile$/);
    await expect(page.getByRole("heading", { level: 1, name: "Compléter mon profil" })).toBeVisible();
    await waitForHydration(page);
    const form = profileForm(page);
    // Pre-filled from the sign-up.
    await expect(form.firstName).toHaveValue(user.firstName);
    await expect(form.lastName).toHaveValue(user.lastName);
    await expect(form.mobile).toHaveValue("6 12 34 56 78");
    await expect(form.country).toHaveValue("france");
    await expect(form.privacy).not.toBeChecked();
    await expect(form.terms).not.toBeChecked();
    await expectNoAxeViolations(page, "/complete-profile");

    await form.birthDate.pressSequentially("14071985");
    await expect(form.birthDate).toHaveValue("14-07-1985");
    await form.nif.fill("1234567890123");
    await form.address.fill("8 rue de l'Élysée");
    await form.postalCode.fill("75008");
    await expect(form.city).toHaveValue("Paris");
    await expect(form.department).toHaveValue("Paris");
    await expect(page.getByText("Ville et département remplis : Paris, Paris.")).toBeVisible();
    await form.privacy.check();
    await form.terms.check();
    await expectNoAxeViolations(page, "/complete-profile (rempli)");

    await form.submit.click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("status")).toContainText("Profil mis à jour");
    await expect(page.getByRole("status")).toContainText("Vos informations ont été sauvegardées avec succès.");
    await expect(profileCard).toContainText("Complété");
    await expect(page.getByRole("region", { name: "Vérifiez votre identité" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Compléter mon profil" })).toHaveCount(0);
    await expectNoAxeViolations(page, "/dashboard (profil complété)");

    // Back on the form: everything as saved, the birth date unshifted, both boxes ticked (spec §5).
    await profileCard.getByRole("link", { name: "Modifier mon profil" }).click();
    await expect(page).toHaveURL(/\/complete-profile$/);
    await expect(form.birthDate).toHaveValue("14-07-1985");
    await expect(form.nif).toHaveValue("1234567890123");
    await expect(form.address).toHaveValue("8 rue de l'Élysée");
    await expect(form.postalCode).toHaveValue("75008");
    await expect(form.city).toHaveValue("Paris");
    await expect(form.department).toHaveValue("Paris");
    await expect(form.privacy).toBeChecked();
    await expect(form.terms).toBeChecked();

    // The back button leads to the dashboard.
    await page.getByRole("link", { name: "Retour au tableau de bord" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("an empty form shows every §5 message under its field, and editing a field clears its own", async ({ page }) => {
    await signUpThroughUi(page);
    await openProfileForm(page);
    const form = profileForm(page);
    await form.firstName.fill("");
    await form.lastName.fill("");
    await form.mobile.fill("");
    await form.submit.click();

    await expect(page).toHaveURL(/\/complete-profile$/);
    for (const message of Object.values(PROFILE_REQUIRED_MESSAGES)) {
      await expect(fieldMessage(page, message)).toBeVisible();
    }
    await expectFieldError(form.firstName, PROFILE_REQUIRED_MESSAGES.firstName);
    await expectFieldError(form.lastName, PROFILE_REQUIRED_MESSAGES.lastName);
    await expectFieldError(form.birthDate, PROFILE_REQUIRED_MESSAGES.birthDate);
    await expectFieldError(form.nif, PROFILE_REQUIRED_MESSAGES.nif);
    await expectFieldError(form.mobile, PROFILE_REQUIRED_MESSAGES.phoneMobile);
    await expectFieldError(form.address, PROFILE_REQUIRED_MESSAGES.address);
    await expectFieldError(form.city, PROFILE_REQUIRED_MESSAGES.city);
    await expectFieldError(form.postalCode, PROFILE_REQUIRED_MESSAGES.postalCode);
    await expectFieldError(form.department, PROFILE_REQUIRED_MESSAGES.department);
    await expectFieldError(form.privacy, PROFILE_REQUIRED_MESSAGES.acceptPrivacy);
    await expectFieldError(form.terms, PROFILE_REQUIRED_MESSAGES.acceptTerms);
    // The focus goes to the error summary, whose first link leads to the first field in error.
    await expect(page.locator("[data-error-summary]")).toBeFocused();
    // Its links follow the fields from top to bottom (issue 29), not the order the schema checks them in.
    const summaryTargets = await page.locator("[data-error-summary] a").evaluateAll((links) => links.map((link) => link.getAttribute("href")!.slice(1)));
    const fieldsInError = await page.locator("main form [aria-invalid=true]").evaluateAll((controls) => controls.map((control) => control.id));
    expect(summaryTargets).toEqual(fieldsInError);
    await expectNoAxeViolations(page, "/complete-profile (champs requis)");

    await form.firstName.fill("Camille");
    await expect(fieldMessage(page, PROFILE_REQUIRED_MESSAGES.firstName)).toHaveCount(0);
    await form.birthDate.pressSequentially("1");
    await expect(fieldMessage(page, PROFILE_REQUIRED_MESSAGES.birthDate)).toHaveCount(0);
    await form.privacy.check();
    await expect(fieldMessage(page, PROFILE_REQUIRED_MESSAGES.acceptPrivacy)).toHaveCount(0);
    await form.city.fill("Lyon");
    await expect(fieldMessage(page, PROFILE_REQUIRED_MESSAGES.city)).toHaveCount(0);
    await expect(fieldMessage(page, PROFILE_REQUIRED_MESSAGES.lastName)).toBeVisible();
    await expect(fieldMessage(page, PROFILE_REQUIRED_MESSAGES.acceptTerms)).toBeVisible();
  });

  test("birth date: digits only with dashes added, and 31-02-1990, a future date, 1899 and letters are refused", async ({
    page,
  }) => {
    await signUpThroughUi(page);
    await openProfileForm(page);
    const form = profileForm(page);
    await fillValidProfile(page);

    // Digits only, dashes added, at most 8 digits.
    await form.birthDate.fill("");
    await form.birthDate.pressSequentially("3102199012");
    await expect(form.birthDate).toHaveValue("31-02-1990");
    await form.submit.click();
    await expectFieldError(form.birthDate, "Date invalide");
    await expect(page).toHaveURL(/\/complete-profile$/);

    const tomorrow = new Date();
    tomorrow.setDate(tomorrow.getDate() + 1);
    for (const typed of [frenchDate(tomorrow), "01-01-2999", "31-12-1899", "01-01-1899"]) {
      await form.birthDate.fill("");
      await form.birthDate.pressSequentially(typed.replace(/-/g, ""));
      await expect(form.birthDate).toHaveValue(typed);
      await form.submit.click();
      await expect(fieldMessage(page, "Date invalide"), typed).toBeVisible();
      await expect(page).toHaveURL(/\/complete-profile$/);
    }

    // Letters never reach the field; an incomplete date is a format error.
    await form.birthDate.fill("");
    await form.birthDate.pressSequentially("ab/cd");
    await expect(form.birthDate).toHaveValue("");
    await form.submit.click();
    await expectFieldError(form.birthDate, "La date de naissance est requise");
    await form.birthDate.pressSequentially("1a2b0c");
    await expect(form.birthDate).toHaveValue("12-0");
    await form.submit.click();
    await expectFieldError(form.birthDate, "Format de date invalide");
    await expectNoAxeViolations(page, "/complete-profile (date invalide)");

    // The calendar is limited to 1900-01-01 … today, and fills the typed field.
    await form.calendarButton.click();
    await expect(form.calendarButton).toHaveAttribute("aria-expanded", "true");
    await expect(form.calendar).toHaveAttribute("min", "1900-01-01");
    const today = new Date();
    const todayIso = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, "0")}-${String(today.getDate()).padStart(2, "0")}`;
    await expect(form.calendar).toHaveAttribute("max", todayIso);
    await form.calendar.fill("1990-02-28");
    await expect(form.birthDate).toHaveValue("28-02-1990");
    await expect(fieldMessage(page, "Format de date invalide")).toHaveCount(0);
    await expectNoAxeViolations(page, "/complete-profile (calendrier)");
    await page.keyboard.press("Escape");
    await expect(form.calendar).toHaveCount(0);
    await expect(form.calendarButton).toBeFocused();

    await form.submit.click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("what is entered before the scripts arrive is kept, formatted and looked up once they run", async ({ page }) => {
    await signUpThroughUi(page);
    const releaseScripts = await openWithScriptsHeld(page, "/complete-profile");
    const form = profileForm(page);
    await form.birthDate.pressSequentially("14071985");
    await form.postalCode.pressSequentially("01400");
    await expect(form.birthDate).toHaveValue("14071985");

    releaseScripts();
    await waitForHydration(page);
    await expect(form.birthDate).toHaveValue("14-07-1985");
    await expect(form.postalCode).toHaveValue("01400");
    await expect(page.getByRole("group", { name: /Choisissez votre commune/ })).toBeVisible();
    await expect(form.department).toHaveValue("Ain");
  });

  test("NIF: 12 digits, 14 digits and a first digit of 4 are refused; optional and French for other residents", async ({
    page,
  }) => {
    await signUpThroughUi(page);
    await openProfileForm(page);
    const form = profileForm(page);
    await fillValidProfile(page);
    await expect(page.getByLabel("NIF (numéro fiscal)")).toBeVisible();

    for (const nif of ["012345678901", "01234567890123", "4123456789012"]) {
      await form.nif.fill(nif);
      await form.submit.click();
      await expectFieldError(form.nif, NIF_MESSAGE);
      await expect(fieldMessage(page, NIF_MESSAGE)).toBeVisible();
      await expect(page).toHaveURL(/\/complete-profile$/);
    }

    await form.nif.fill("");
    await form.submit.click();
    await expectFieldError(form.nif, "Le NIF est requis");

    // A resident of Belgium: the field says it is the French tax number and may stay empty.
    await form.country.selectOption("belgium");
    await expect(fieldMessage(page, "Le NIF est requis")).toHaveCount(0);
    const frenchNif = page.getByLabel("NIF français (facultatif)");
    await expect(frenchNif).toBeVisible();
    await expect(frenchNif).toHaveAccessibleDescription(/Votre numéro fiscal français, si vous en avez un/);
    await form.postalCode.fill("1000");
    await form.city.fill("Bruxelles");
    await form.department.fill("Bruxelles-Capitale");
    await expectNoAxeViolations(page, "/complete-profile (Belgique)");
    await form.submit.click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("region", { name: "Mon profil" })).toContainText("Complété");
  });

  test("a postal code with several communes lists them; choosing one fills city and department", async ({ page }) => {
    await signUpThroughUi(page);
    await openProfileForm(page);
    const form = profileForm(page);
    await form.postalCode.fill("01400");
    const choices = page.getByRole("group", { name: /Choisissez votre commune/ });
    await expect(choices).toBeVisible();
    await expect(
      page.getByText("10 communes correspondent au code postal 01400 : choisissez la vôtre dans la liste."),
    ).toBeVisible();
    // All in the same department: it is filled at once.
    await expect(form.department).toHaveValue("Ain");
    await expect(form.city).toHaveValue("");
    await expectNoAxeViolations(page, "/complete-profile (communes)");

    await choices.getByRole("button", { name: /Châtillon-sur-Chalaronne/ }).click();
    await expect(form.city).toHaveValue("Châtillon-sur-Chalaronne");
    await expect(form.city).toBeFocused();
    await expect(choices).toHaveCount(0);

    // A postal code no commune has is said so; the fields stay as they are.
    await form.postalCode.fill("99999");
    await expect(
      page.getByText("Aucune commune ne correspond au code postal 99999 : saisissez la ville et le département."),
    ).toBeVisible();
    await expect(form.city).toHaveValue("Châtillon-sur-Chalaronne");
  });

  test("other countries: manual entry with the country's postal-code format", async ({ page }) => {
    await signUpThroughUi(page);
    await openProfileForm(page);
    const form = profileForm(page);
    await fillValidProfile(page);
    const cases: [string, string, string][] = [
      ["belgium", "75008", "Le code postal doit comporter 4 chiffres"],
      ["switzerland", "120", "Le code postal doit comporter 4 chiffres"],
      ["luxembourg", "L-16111", "Le code postal doit comporter 4 chiffres"],
      ["canada", "12345", "Le code postal doit être au format A1A 1A1"],
      ["france", "H2X 1Y4", "Le code postal doit comporter 5 chiffres"],
    ];
    for (const [country, postalCode, message] of cases) {
      await form.country.selectOption(country);
      await form.postalCode.fill(postalCode);
      await form.submit.click();
      await expectFieldError(form.postalCode, message);
    }
    await form.country.selectOption("canada");
    await form.postalCode.fill("h2x1y4");
    await form.city.fill("Montréal");
    await form.department.fill("Québec");
    await form.submit.click();
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.goto("/complete-profile");
    await expect(form.postalCode).toHaveValue("H2X 1Y4");
    await expect(form.country).toHaveValue("canada");
  });

  test("the whole form can be completed with the keyboard only, calendar included", async ({ page }) => {
    await signUpThroughUi(page);
    await page.goto("/complete-profile");
    await waitForHydration(page);
    const form = profileForm(page);

    await tabTo(page, form.firstName);
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("Anne-Sophie");
    await page.keyboard.press("Tab");
    await expect(form.lastName).toBeFocused();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("Lefèvre");
    await page.keyboard.press("Tab");
    await expect(form.birthDate).toBeFocused();
    await page.keyboard.type("01011970");

    // The calendar button opens the browser's date field; typing there fills the DD-MM-YYYY field.
    await page.keyboard.press("Tab");
    await expect(form.calendarButton).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(form.calendar).toBeFocused();
    await expect(form.calendar).toHaveValue("1970-01-01");
    // The segments' order follows the browser's language: ↑ on the first one tells which it is.
    await page.keyboard.press("ArrowUp");
    const stepped = await form.calendar.inputValue();
    expect(["1970-02-01", "1970-01-02", "1971-01-01"]).toContain(stepped);
    await expect(form.birthDate).toHaveValue(`${stepped.slice(8)}-${stepped.slice(5, 7)}-${stepped.slice(0, 4)}`);
    const order = { "1970-02-01": "03231982", "1970-01-02": "23031982", "1971-01-01": "19820323" }[stepped]!;
    await page.keyboard.type(order);
    await expect(form.calendar).toHaveValue("1982-03-23");
    await expect(form.birthDate).toHaveValue("23-03-1982");
    await page.keyboard.press("Escape");
    await expect(form.calendarButton).toBeFocused();

    await tabTo(page, form.mobile, 4);
    await expect(form.mobile).toHaveValue("6 12 34 56 78");
    await tabTo(page, form.landline, 4);
    await page.keyboard.type("0123456789");
    await expect(form.landline).toHaveValue("1 23 45 67 89");
    await tabTo(page, form.country, 3);
    await tabTo(page, form.address, 2);
    await page.keyboard.type("3 place Bellecour");
    await page.keyboard.press("Tab");
    await expect(form.postalCode).toBeFocused();
    await page.keyboard.type("69002");
    await expect(form.city).toHaveValue("Lyon");
    await expect(form.department).toHaveValue("Rhône");
    await page.keyboard.press("Tab");
    await expect(form.city).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(form.department).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(form.nif).toBeFocused();
    await page.keyboard.type("2123456789012");
    await page.keyboard.press("Tab");
    await expect(form.privacy).toBeFocused();
    await page.keyboard.press("Space");
    await expect(form.privacy).toBeChecked();
    // The policy link in the label comes next, then the second box.
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: /politique de confidentialité/ })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(form.terms).toBeFocused();
    await page.keyboard.press("Space");
    await tabTo(page, form.submit, 3);
    await page.keyboard.press("Enter");

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1, name: "Bonjour Anne-Sophie Lefèvre" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Mon profil" })).toContainText("Complété");
    await page.goto("/complete-profile");
    await expect(form.birthDate).toHaveValue("23-03-1982");
    await expect(form.landline).toHaveValue("1 23 45 67 89");
  });

  test("the legal links open in a new tab", async ({ page, context }) => {
    await signUpThroughUi(page);
    await openProfileForm(page);
    for (const [name, href] of [
      [/politique de confidentialité/, "/politique-confidentialite"],
      [/conditions générales/, "/conditions-generales"],
    ] as const) {
      const link = page.getByRole("link", { name });
      await expect(link).toHaveAttribute("href", href);
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", /noopener/);
      await expect(link).toHaveAccessibleName(/s'ouvre dans un nouvel onglet/);
    }
    const opened = context.waitForEvent("page");
    await page.getByRole("link", { name: /conditions générales/ }).click();
    const tab = await opened;
    await expect(tab).toHaveURL(/\/conditions-generales$/);
    await expect(page).toHaveURL(/\/complete-profile$/);
  });
});

test.describe("Compléter mon profil sans JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("an empty post answers 400 with every §5 message and keeps the values; a valid post saves", async ({ page }) => {
    const user = await signUpThroughUiWithoutScript(page);
    await page.goto("/complete-profile");
    const form = profileForm(page);
    await expect(form.calendarButton).toHaveCount(0);
    await form.firstName.fill("");
    await form.lastName.fill("");
    await form.mobile.fill("");
    await form.landline.fill("05 56 00 00 00");

    const post = page.waitForResponse(
      (r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/complete-profile",
    );
    await form.submit.click();
    expect((await post).status()).toBe(400);
    for (const message of Object.values(PROFILE_REQUIRED_MESSAGES)) {
      await expect(fieldMessage(page, message)).toBeVisible();
    }
    // What was typed is still there (in the phone field's own format).
    await expect(form.landline).toHaveValue("5 56 00 00 00");
    await expectFieldError(form.birthDate, PROFILE_REQUIRED_MESSAGES.birthDate);
    await expectFieldError(form.terms, PROFILE_REQUIRED_MESSAGES.acceptTerms);
    await expectNoAxeViolations(page, "/complete-profile (sans JS, erreurs)", { javaScript: false });

    // Rules checked by the server alone, with the same messages.
    await form.firstName.fill(user.firstName);
    await form.lastName.fill(user.lastName);
    await form.mobile.fill("06 12 34 56 78");
    await form.address.fill("5 quai des Chartrons");
    await form.birthDate.fill("12-ab-1990");
    await form.nif.fill("4123456789012");
    await form.postalCode.fill("3300");
    await form.city.fill("");
    await form.department.fill("");
    await form.privacy.check();
    await form.terms.check();
    await form.submit.click();
    await expect(fieldMessage(page, "Format de date invalide")).toBeVisible();
    await expect(fieldMessage(page, NIF_MESSAGE)).toBeVisible();
    await expect(fieldMessage(page, "Le code postal doit comporter 5 chiffres")).toBeVisible();
    await expect(form.privacy).toBeChecked();
    await expect(form.address).toHaveValue("5 quai des Chartrons");

    await form.birthDate.fill("31-02-1990");
    await form.nif.fill("0123456789012");
    await form.postalCode.fill("33000");
    await form.submit.click();
    await expect(fieldMessage(page, "Date invalide")).toBeVisible();
    // Without JavaScript the server fills city and department from the postal code, instead of 'Ville requise'.
    await expect(form.city).toHaveValue("Bordeaux");
    await expect(form.department).toHaveValue("Gironde");
    await expect(fieldMessage(page, PROFILE_REQUIRED_MESSAGES.city)).toHaveCount(0);

    await form.birthDate.fill("28-02-1990");
    const saved = page.waitForResponse(
      (r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/complete-profile",
    );
    await form.submit.click();
    expect((await saved).status()).toBe(302);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("status")).toContainText("Profil mis à jour");
    await expect(page.getByRole("region", { name: "Mon profil" })).toContainText("Complété");
    await page.goto("/complete-profile");
    await expect(form.birthDate).toHaveValue("28-02-1990");
    await expect(form.terms).toBeChecked();
  });
});

async function signUpThroughUiWithoutScript(page: Page) {
  const user = uniqueUser({ firstName: "Noé", lastName: "Sans-Script" });
  await page.goto("/inscription");
  await fillSignUpForm(page, user);
  await submitSignUpForm(page);
  await confirmSignUpByEmail(page, user);
  return user;
}
