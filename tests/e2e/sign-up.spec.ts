import { fieldMessage } from "./support/profile";
import { expect, test } from "@playwright/test";
import { fillSignUpForm, signOutThroughUi, signUpThroughUi, submitSignIn, submitSignUpForm, uniqueUser } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { linkIn, mailCount, waitForMail } from "./support/mail";
import { openWithScriptsHeld, waitForHydration } from "./support/hydration";

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
    for (const message of requiredMessages) await expect(fieldMessage(page, message)).toBeVisible();
    await expect(page.getByLabel("Prénom")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Prénom")).toHaveAccessibleDescription("Le prénom est requis");
    await expectNoAxeViolations(page, "/inscription (erreurs)");

    // Editing a field clears its own message only.
    await page.getByLabel("Prénom").fill("Camille");
    await expect(fieldMessage(page, "Le prénom est requis")).toHaveCount(0);
    await expect(fieldMessage(page, "Le nom est requis")).toBeVisible();
  });

  test("a password shorter than 12 characters is refused", async ({ page }) => {
    await page.goto("/inscription");
    await waitForHydration(page);
    await fillSignUpForm(page, uniqueUser({ password: "Court-1!" }));
    await submitSignUpForm(page);

    await expect(fieldMessage(page, "Le mot de passe doit contenir au moins 12 caractères")).toBeVisible();
    await expect(page).toHaveURL(/\/inscription$/);
    for (const message of requiredMessages) await expect(fieldMessage(page, message)).toHaveCount(0);
    await expectNoAxeViolations(page, "/inscription (mot de passe trop court)");
  });

  test("a valid sign-up asks to confirm by email; signing in first is refused with a resend button; the link signs in", async ({
    page,
  }) => {
    const user = uniqueUser({ firstName: "Élodie", lastName: "Marchand" });
    // Sign-up, a refused sign-in, a resent email and the confirmed sign-in: close to a minute on a busy 2-core machine.
    test.slow();
    await page.goto("/inscription");
    await expectNoAxeViolations(page, "/inscription");
    await waitForHydration(page);
    await fillSignUpForm(page, user);
    await submitSignUpForm(page);

    await expect(page.getByRole("heading", { level: 1, name: "Confirmez votre adresse email" })).toBeVisible();
    await expect(page.getByText(user.email)).toBeVisible();
    await expectNoAxeViolations(page, "/inscription (confirmation)");

    // Before confirming: §8's message, and a new link on request (the same neutral answer for everyone).
    await page.goto("/connexion");
    await waitForHydration(page);
    await submitSignIn(page, user.email, user.password);
    await expect(page.getByRole("alert")).toHaveText("Votre email n'a pas encore été confirmé. Vérifiez votre boîte mail.");
    await page.getByRole("button", { name: "Recevoir un nouveau lien de confirmation" }).click();
    await expect(page.getByText("un nouveau lien de confirmation vient de lui être envoyé")).toBeVisible();
    await expectNoAxeViolations(page, "/verifier-email (nouveau lien)");
    await expect.poll(() => mailCount(user.email, /Confirmez votre adresse email/)).toBe(2);

    const mail = await waitForMail(user.email, /Confirmez votre adresse email/);
    expect(mail.html).toContain("Recours ne vous demandera jamais par téléphone, SMS ou e-mail");
    // The link confirms the address and asks for the password: it never opens a session by itself.
    await page.goto(linkIn(mail, "/verifier-email?token="));
    await expect(page).toHaveURL(/\/connexion$/);
    await expect(page.getByRole("heading", { name: "Votre adresse est confirmée. Connectez-vous." })).toBeVisible();
    await expect(page.getByLabel("Adresse e-mail")).toHaveValue(user.email);
    await expectNoAxeViolations(page, "/connexion (adresse confirmée)");
    await waitForHydration(page);
    await page.getByLabel("Mot de passe").fill(user.password);
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1, name: "Bonjour Élodie Marchand" })).toBeVisible();
    await expectNoAxeViolations(page, "/dashboard");

    // Signing up again on the address shows what a new address gets (decision 64): the owner is emailed instead,
    // and the account keeps its password.
    await page.getByRole("button", { name: "Se déconnecter" }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/inscription");
    await waitForHydration(page);
    await fillSignUpForm(page, { ...user, password: "une tout autre phrase secrète 58" });
    await submitSignUpForm(page);
    await expect(page.getByRole("heading", { level: 1, name: "Confirmez votre adresse email" })).toBeVisible();
    await expect(page.getByText(`Vérifiez votre boîte mail : nous venons d'envoyer un email à ${user.email}.`)).toBeVisible();
    await expect(page.getByRole("alert")).toHaveCount(0);
    await expectNoAxeViolations(page, "/inscription (email déjà utilisé)");
    const notice = await waitForMail(user.email, /Quelqu'un a voulu créer un compte Recours avec votre adresse/);
    expect(notice.text).toContain("Bonjour Élodie");
    expect(linkIn(notice, "/mot-de-passe-oublie")).toMatch(/\/mot-de-passe-oublie$/);
    await page.goto("/connexion");
    await waitForHydration(page);
    await submitSignIn(page, user.email, "une tout autre phrase secrète 58");
    await expect(page.getByRole("alert")).toHaveText("Email ou mot de passe incorrect. Vérifiez vos identifiants.");
  });

  test("a new address and a registered one get the same page after sign-up (decision 64)", async ({ page }) => {
    const registered = await signUpThroughUi(page);
    await signOutThroughUi(page);
    const pageFor = async (user: ReturnType<typeof uniqueUser>) => {
      await page.goto("/inscription");
      await waitForHydration(page);
      await fillSignUpForm(page, user);
      await submitSignUpForm(page);
      // The sign-up hashes the password behind the process's one hashing slot, shared with every other spec's sign-ins.
      await expect(page.getByRole("heading", { level: 1, name: "Confirmez votre adresse email" })).toBeVisible({ timeout: 30_000 });
      return ((await page.getByRole("main").textContent()) ?? "").replaceAll(user.email, "<adresse>");
    };
    const fresh = await pageFor(uniqueUser());
    const again = await pageFor({ ...uniqueUser(), email: registered.email });
    expect(again).toBe(fresh);
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

  test("a number typed before the scripts arrive is kept and formatted once they run", async ({ page }) => {
    const releaseScripts = await openWithScriptsHeld(page, "/inscription");
    const phone = page.getByLabel(phoneLabel);
    await page.getByLabel("Indicatif du pays").selectOption("CA");
    await phone.pressSequentially("6123456789");
    await expect(phone).toHaveValue("6123456789");

    releaseScripts();
    await waitForHydration(page);
    await expect(phone).toHaveValue("612 345 6789");
    await expect(page.getByLabel("Indicatif du pays")).toHaveValue("CA");
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
