import { randomBytes } from "node:crypto";
import { expect, type Browser, type BrowserContextOptions, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { waitForHydration } from "./hydration";
import { linkIn, waitForMail } from "./mail";

export interface TestUser {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  /** National number as typed in the phone field (France). */
  phone: string;
}

/** A user nobody else in this run uses (every test works on its own account). */
export function uniqueUser(overrides: Partial<TestUser> = {}): TestUser {
  const id = `${Date.now().toString(36)}${randomBytes(4).toString("hex")}`;
  return {
    firstName: "Camille",
    lastName: "Durand",
    email: `e2e-${id}@exemple.fr`,
    password: "Tournesol-Velo-42!",
    phone: "612345678",
    ...overrides,
  };
}

/** Fills the sign-up form (the page must already show /inscription). */
export async function fillSignUpForm(page: Page, user: TestUser): Promise<void> {
  await page.getByLabel("Prénom").fill(user.firstName);
  await page.getByLabel("Nom", { exact: true }).fill(user.lastName);
  await page.getByLabel("Adresse e-mail").fill(user.email);
  await page.getByLabel("Mot de passe").fill(user.password);
  await page.getByLabel("Numéro de téléphone mobile, sans l'indicatif").fill(user.phone);
  await page.getByLabel("Pays de résidence").selectOption("france");
}

export async function submitSignUpForm(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Créer mon compte gratuitement" }).click();
}

/**
 * After the sign-up form: the page asks to confirm by email; the confirmation arrives in the test mailbox (real SMTP).
 * Its link confirms the address and shows the sign-in form with the email filled in (it signs nobody in); the
 * password then opens the dashboard.
 */
export async function confirmSignUpByEmail(page: Page, user: TestUser): Promise<void> {
  await expect(page.getByRole("heading", { level: 1, name: "Confirmez votre adresse email" })).toBeVisible();
  const mail = await waitForMail(user.email, /Confirmez votre adresse email/);
  await page.goto(linkIn(mail, "/verifier-email?token="));
  await expect(page).toHaveURL(/\/connexion$/);
  await expect(page.getByRole("heading", { name: "Votre adresse est confirmée. Connectez-vous." })).toBeVisible();
  await expect(page.getByLabel("Adresse e-mail")).toHaveValue(user.email);
  await page.getByLabel("Mot de passe").fill(user.password);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Signs a new user up through the UI, confirms the address from the email and waits for the dashboard. */
export async function signUpThroughUi(page: Page, user: TestUser = uniqueUser(), options: { axe?: boolean } = {}): Promise<TestUser> {
  await page.goto("/inscription");
  if (options.axe) await expectNoAxeViolations(page, "/inscription");
  await fillSignUpForm(page, user);
  await submitSignUpForm(page);
  await confirmSignUpByEmail(page, user);
  await expect(page.getByRole("heading", { level: 1, name: `Bonjour ${user.firstName} ${user.lastName}` })).toBeVisible();
  return user;
}

/** Fills and submits the sign-in form (the page must already show /connexion). */
export async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel("Adresse e-mail").fill(email);
  await page.getByLabel("Mot de passe").fill(password);
  await page.getByRole("button", { name: "Se connecter" }).click();
}

/**
 * A member signs in, in a browser context of their own (`context`: its options), and lands on their dashboard; with
 * `axe`, both pages are scanned (the suffix names the variant in the report).
 */
export async function signInMember(
  browser: Browser,
  baseURL: string,
  person: { email: string; password: string },
  options: { context?: BrowserContextOptions; axe?: string } = {},
): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: "fr-FR", ...options.context });
  const page = await context.newPage();
  await page.goto("/connexion");
  if (options.context?.javaScriptEnabled !== false) await waitForHydration(page);
  if (options.axe !== undefined) await expectNoAxeViolations(page, `/connexion${options.axe}`);
  await page.getByLabel("Adresse e-mail").fill(person.email);
  await page.getByLabel("Mot de passe", { exact: true }).fill(person.password);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  if (options.axe !== undefined) await expectNoAxeViolations(page, `/dashboard${options.axe}`);
  return page;
}

/** A person signs in on a server of the test's own (`baseURL`), in a browser context of their own, and lands on their dashboard. */
export function signInOnServer(browser: Browser, baseURL: string, person: { email: string; password: string }, options: { javaScriptEnabled?: boolean } = {}): Promise<Page> {
  return signInMember(browser, baseURL, person, { context: { javaScriptEnabled: options.javaScriptEnabled ?? true } });
}

/** A member signs in on a phone (390 px, touch screen), in a browser context of their own, and lands on their dashboard. */
export function signInOnPhone(browser: Browser, baseURL: string, person: { email: string; password: string }, options: { axe?: boolean } = {}): Promise<Page> {
  return signInMember(browser, baseURL, person, { context: { viewport: { width: 390, height: 844 }, hasTouch: true }, ...(options.axe ? { axe: " (390 px)" } : {}) });
}

export async function signOutThroughUi(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Se déconnecter" }).click();
  await expect(page).toHaveURL(/\/$/);
}
