import { fieldMessage } from "./support/profile";
/**
 * Staff second factor, end to end. Admins are made with `npm run create-admin` on a database of their own, so
 * this file runs its own server (the shared one's embedded database is open in another process).
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { startProductionServer, type RunningServer } from "../support/production-server";
import { signOutThroughUi, signUpThroughUi, submitSignIn } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { waitForHydration } from "./support/hydration";
import { createAdminWithCli, manualKeyOnPage, recoveryCodesOnPage, totpCode, totpCodeAt } from "./support/two-factor";

const WRONG_CODE = "Code incorrect. Vérifiez le code affiché par votre application et réessayez.";
const CODE_ALREADY_USED = "Ce code a déjà servi. Attendez que votre application en affiche un nouveau, puis saisissez-le.";
const ENROLMENT = /\/compte\/double-authentification$/;

/** A code that no step of the server's window (±1) gives. */
async function codeNotCurrent(key: string): Promise<string> {
  const window = await Promise.all([-1, 0, 1].map((offset) => totpCodeAt(key, offset)));
  return ["000000", "111111", "222222", "333333"].find((code) => !window.includes(code))!;
}

test.describe("staff second factor", () => {
  test.describe.configure({ mode: "serial" });

  let server: RunningServer;
  let dataDir: string;
  const admin = { email: "adele.admin@exemple.fr", password: "", manualKey: "", recoveryCodes: [] as string[] };
  const noScriptAdmin = { email: "bastien.admin@exemple.fr", password: "" };

  test.beforeAll(async () => {
    // Two command-line runs and a server, each opening the embedded database: slow on a busy machine.
    test.setTimeout(180_000);
    dataDir = await mkdtemp(path.join(tmpdir(), "recours-e2e-2fa-"));
    const first = createAdminWithCli(dataDir, admin.email, "Adèle");
    expect(first.output).toContain("double authentification");
    expect(first.output).toContain("première connexion");
    admin.password = first.password;
    noScriptAdmin.password = createAdminWithCli(dataDir, noScriptAdmin.email, "Bastien").password;
    server = await startProductionServer({ DATA_DIR: dataDir, LOG_LEVEL: "warn" });
  });

  test.afterAll(async () => {
    await server?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  async function newPage(browser: Browser, javaScriptEnabled = true): Promise<Page> {
    const context = await browser.newContext({ baseURL: server.baseUrl, javaScriptEnabled, locale: "fr-FR" });
    return context.newPage();
  }

  async function signInWithPassword(page: Page, who: { email: string; password: string }, javaScript = true) {
    await page.goto("/connexion");
    if (javaScript) await waitForHydration(page);
    await submitSignIn(page, who.email, who.password);
  }

  test("an admin made by create-admin must enrol at first sign-in before any staff page opens", async ({ browser }) => {
    test.slow();
    const page = await newPage(browser);
    await signInWithPassword(page, admin);
    await expect(page).toHaveURL(ENROLMENT);
    await expect(page.getByRole("heading", { name: "Étape obligatoire avant d'accéder à votre espace" })).toBeVisible();
    // Not signed in for good before the second factor (issue 29): no "Connexion réussie" on the way to enrolment.
    await expect(page.getByText("Connexion réussie")).toHaveCount(0);
    await expectNoAxeViolations(page, "/compte/double-authentification (mot de passe)");

    for (const staffPage of ["/dashboard", "/admin/users", "/complete-profile"]) {
      await page.goto(staffPage);
      await expect(page, staffPage).toHaveURL(ENROLMENT);
    }

    await waitForHydration(page);
    await page.getByLabel("Mot de passe actuel").fill("pas le bon mot de passe");
    await page.getByRole("button", { name: "Continuer" }).click();
    await expect(fieldMessage(page, "Mot de passe incorrect.")).toBeVisible();
    await expect(page.getByLabel("Mot de passe actuel")).toHaveAttribute("aria-invalid", "true");

    await page.getByLabel("Mot de passe actuel").fill(admin.password);
    await page.getByRole("button", { name: "Continuer" }).click();
    await expect(page.getByRole("img", { name: "QR code à scanner avec votre application d'authentification" })).toBeVisible();
    admin.manualKey = await manualKeyOnPage(page);
    await expect(page.getByText(admin.email)).toBeVisible();
    // On a phone: open the authenticator directly; the key is shown in groups of 4.
    const open = page.getByRole("link", { name: "Ouvrir dans mon application d'authentification" });
    await expect(open).toHaveAttribute("href", new RegExp(`^otpauth://totp/.*secret=${admin.manualKey}`));
    expect((await page.locator("#cle-manuelle").textContent())?.trim()).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
    await expectNoAxeViolations(page, "/compte/double-authentification (QR code)");
    // Still closed until a code is given.
    await page.goto("/dashboard");
    await expect(page).toHaveURL(ENROLMENT);
    expect(await manualKeyOnPage(page)).toBe(admin.manualKey);

    await waitForHydration(page);
    const code = page.getByLabel("Code affiché par l'application");
    await expect(code).toHaveAttribute("autocomplete", "one-time-code");
    await expect(code).toHaveAttribute("inputmode", "numeric");
    await code.fill("12");
    await page.getByRole("button", { name: "Activer la double authentification" }).click();
    await expect(code).toHaveAccessibleDescription(/Le code doit comporter 6 chiffres\./);
    await code.fill(await codeNotCurrent(admin.manualKey));
    await page.getByRole("button", { name: "Activer la double authentification" }).click();
    await expect(fieldMessage(page, WRONG_CODE)).toBeVisible();
    await expect(code).toHaveAccessibleDescription(new RegExp(WRONG_CODE.replace(/\./g, "\\.")));
    await expectNoAxeViolations(page, "/compte/double-authentification (code incorrect)");

    await code.fill(await totpCode(admin.manualKey));
    await page.getByRole("button", { name: "Activer la double authentification" }).click();
    await expect(page.getByRole("heading", { name: "Vos codes de secours" })).toBeVisible();
    admin.recoveryCodes = await recoveryCodesOnPage(page);
    expect(admin.recoveryCodes).toHaveLength(10);
    const download = page.getByRole("link", { name: "Télécharger les codes (.txt)" });
    await expect(download).toHaveAttribute("download", "recours-codes-de-secours.txt");
    expect(decodeURIComponent((await download.getAttribute("href")) ?? "")).toContain(admin.recoveryCodes[0]);
    await expect(page.getByRole("button", { name: "Copier les codes" })).toBeVisible();
    await expectNoAxeViolations(page, "/compte/double-authentification (codes de secours)");

    // Shown once: a new visit of the page no longer lists them.
    await page.reload();
    await expect(page.getByRole("heading", { name: "La double authentification est activée" })).toBeVisible();
    await expect(page.getByRole("list", { name: "Codes de secours" })).toHaveCount(0);
    expect(await page.content()).not.toContain(admin.recoveryCodes[0]);
    await expect(page.getByRole("heading", { name: "Désactiver la double authentification" })).toHaveCount(0);

    await page.getByRole("link", { name: "Retour au tableau de bord" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { name: "Tableau de bord administrateur" })).toBeVisible();
    await signOutThroughUi(page);
    await page.context().close();
  });

  test("then every sign-in asks for a code: a wrong one is refused in French, the right one opens the dashboard", async ({ browser }) => {
    const page = await newPage(browser);
    await signInWithPassword(page, admin);
    await expect(page).toHaveURL(/\/connexion\/verification$/);
    await expect(page.getByRole("heading", { level: 1, name: "Vérification en deux étapes" })).toBeVisible();
    await expectNoAxeViolations(page, "/connexion/verification");
    // No session yet.
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/connexion$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/connexion\/verification$/);

    await waitForHydration(page);
    const code = page.getByLabel("Code de vérification");
    await expect(code).toHaveAttribute("autocomplete", "one-time-code");
    await expect(code).toHaveAttribute("inputmode", "numeric");
    await code.fill(await codeNotCurrent(admin.manualKey));
    await page.getByRole("button", { name: "Vérifier", exact: true }).click();
    await expect(fieldMessage(page, WRONG_CODE)).toBeVisible();
    await expect(code).toHaveAttribute("aria-invalid", "true");
    await expectNoAxeViolations(page, "/connexion/verification (code incorrect)");

    const used = await totpCode(admin.manualKey);
    await code.fill(used);
    await page.getByRole("button", { name: "Vérifier", exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("status")).toContainText("Connexion réussie !");
    await expect(page.getByRole("heading", { name: "Tableau de bord administrateur" })).toBeVisible();
    await signOutThroughUi(page);

    // The same code again (seen over a shoulder, or kept by a phishing page) opens nothing (decision 64).
    await signInWithPassword(page, admin);
    await expect(page).toHaveURL(/\/connexion\/verification$/);
    await waitForHydration(page);
    await page.getByLabel("Code de vérification").fill(used);
    await page.getByRole("button", { name: "Vérifier", exact: true }).click();
    await expect(fieldMessage(page, CODE_ALREADY_USED)).toBeVisible();
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/connexion$/);
    await page.context().close();
  });

  test("a recovery code opens the session once, and is refused the second time", async ({ browser }) => {
    const page = await newPage(browser);
    const recoveryCode = admin.recoveryCodes[2]!;
    for (const attempt of ["first", "second"] as const) {
      await signInWithPassword(page, admin);
      await expect(page).toHaveURL(/\/connexion\/verification$/);
      await waitForHydration(page);
      await page.getByText("Utiliser un code de secours").click();
      await page.getByLabel("Code de secours").fill(recoveryCode);
      await page.getByRole("button", { name: "Utiliser ce code de secours" }).click();
      if (attempt === "first") {
        await expect(page).toHaveURL(/\/dashboard$/);
        await signOutThroughUi(page);
      } else {
        await expect(fieldMessage(page, "Code de secours incorrect ou déjà utilisé.")).toBeVisible();
        await expect(page).toHaveURL(/\/connexion\/verification$/);
        await expectNoAxeViolations(page, "/connexion/verification (code de secours refusé)");
      }
    }
    await page.context().close();
  });

  test("without JavaScript: enrolment and the code step work with plain form posts", async ({ browser }) => {
    const page = await newPage(browser, false);
    await signInWithPassword(page, noScriptAdmin, false);
    await expect(page).toHaveURL(ENROLMENT);
    await expectNoAxeViolations(page, "/compte/double-authentification (sans JavaScript)", { javaScript: false });

    await page.getByLabel("Mot de passe actuel").fill(noScriptAdmin.password);
    await page.getByRole("button", { name: "Continuer" }).click();
    await expect(page).toHaveURL(ENROLMENT);
    const key = await manualKeyOnPage(page);
    await expectNoAxeViolations(page, "/compte/double-authentification (QR code, sans JavaScript)", { javaScript: false });

    await page.getByLabel("Code affiché par l'application").fill("");
    await page.getByRole("button", { name: "Activer la double authentification" }).click();
    await expect(fieldMessage(page, "Le code est requis")).toBeVisible();
    await page.getByLabel("Code affiché par l'application").fill(await totpCode(key));
    await page.getByRole("button", { name: "Activer la double authentification" }).click();
    await expect(page.getByRole("heading", { name: "Vos codes de secours" })).toBeVisible();
    expect(await recoveryCodesOnPage(page)).toHaveLength(10);
    await expectNoAxeViolations(page, "/compte/double-authentification (codes de secours, sans JavaScript)", { javaScript: false });
    await page.getByRole("link", { name: "J'ai enregistré mes codes de secours, continuer" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { name: "Tableau de bord administrateur" })).toBeVisible();

    await page.getByRole("button", { name: "Se déconnecter" }).click();
    await signInWithPassword(page, noScriptAdmin, false);
    await expect(page).toHaveURL(/\/connexion\/verification$/);
    await page.getByLabel("Code de vérification").fill(await codeNotCurrent(key));
    await page.getByRole("button", { name: "Vérifier", exact: true }).click();
    await expect(fieldMessage(page, WRONG_CODE)).toBeVisible();
    await expectNoAxeViolations(page, "/connexion/verification (code incorrect, sans JavaScript)", { javaScript: false });
    await page.getByLabel("Code de vérification").fill(await totpCode(key));
    await page.getByRole("button", { name: "Vérifier", exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { name: "Tableau de bord administrateur" })).toBeVisible();
    await page.context().close();
  });
});

test("a user may opt in from the dashboard, is then asked for a code at sign-in, and may turn it off", async ({ page }) => {
  // Sign-up, enrolment, two sign-ins and the turn-off: four password checks and two axe scans in one journey.
  test.slow();
  const user = await signUpThroughUi(page);
  const card = page.getByRole("region", { name: "Sécurité : double authentification" });
  await expect(card).toContainText("Désactivée");
  await card.getByRole("link", { name: "Activer la double authentification" }).click();
  await expect(page).toHaveURL(ENROLMENT);
  await expect(page.getByText("Étape obligatoire")).toHaveCount(0);
  await expectNoAxeViolations(page, "/compte/double-authentification (utilisateur)");

  await waitForHydration(page);
  await page.getByLabel("Mot de passe actuel").fill(user.password);
  await page.getByRole("button", { name: "Continuer" }).click();
  const key = await manualKeyOnPage(page);
  await page.getByLabel("Code affiché par l'application").fill(await totpCode(key));
  await page.getByRole("button", { name: "Activer la double authentification" }).click();
  const codes = await recoveryCodesOnPage(page);
  expect(codes).toHaveLength(10);
  await page.getByRole("link", { name: "J'ai enregistré mes codes de secours, continuer" }).click();
  await expect(card).toContainText("Activée");
  await signOutThroughUi(page);

  await page.goto("/connexion");
  await waitForHydration(page);
  await submitSignIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/connexion\/verification$/);
  await waitForHydration(page);
  await page.getByLabel("Code de vérification").fill(await totpCode(key));
  await page.getByRole("button", { name: "Vérifier", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await card.getByRole("link", { name: "Gérer la double authentification" }).click();
  await expect(page).toHaveURL(ENROLMENT);
  await expectNoAxeViolations(page, "/compte/double-authentification (activée, utilisateur)");
  await waitForHydration(page);
  await page.getByLabel("Mot de passe actuel").fill(user.password);
  await page.getByLabel("Code de l'application ou code de secours").fill(codes[0]!);
  await page.getByRole("button", { name: "Désactiver" }).click();
  await expect(page.getByRole("status")).toContainText("Double authentification désactivée");
  await expect(page.getByLabel("Mot de passe actuel")).toBeVisible();
  await signOutThroughUi(page);

  await page.goto("/connexion");
  await waitForHydration(page);
  await submitSignIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/dashboard$/);
});
