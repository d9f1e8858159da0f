import { expect, type Browser, type Page } from "@playwright/test";
import { seedAccount, seedEnrolledAccount } from "../../support/accounts";
import type { RunningServer } from "../../support/production-server";
import type { Role } from "~/platform/database-schema";
import { startSeededServer } from "./seeded-server";
import { totpCode } from "./two-factor";
import { waitForHydration } from "./hydration";

export interface StaffMember {
  email: string;
  password: string;
  manualKey: string;
  firstName: string;
  lastName: string;
}

export interface StaffWorld {
  server: RunningServer;
  admin: StaffMember;
  lawyer: StaffMember;
  client: { email: string; password: string; userId: string };
  stop(): Promise<void>;
}

/** An account of the staff (or a client) with its second factor enrolled, as it signs in through the UI. */
export async function seedStaff(role: Role, firstName: string, lastName: string): Promise<StaffMember & { userId: string }> {
  return { ...(await seedEnrolledAccount(role, { firstName, lastName })), firstName, lastName };
}

/**
 * A server of its own on an embedded database seeded through the modules: an administrator and a lawyer whose
 * second factor is enrolled, and a client.
 */
export async function startStaffWorld(): Promise<StaffWorld> {
  const world = await startSeededServer(async () => ({
    admin: await seedStaff("admin", "Adèle", "Martin"),
    lawyer: await seedStaff("lawyer", "Louis", "Bernard"),
    client: await seedAccount("user", { firstName: "Claire", lastName: "Petit" }),
  }));
  return { server: world.server, ...world.seeded, stop: world.stop };
}

export async function newStaffPage(
  browser: Browser,
  world: StaffWorld,
  options: { javaScriptEnabled?: boolean; viewport?: { width: number; height: number } } = {},
): Promise<Page> {
  const context = await browser.newContext({
    baseURL: world.server.baseUrl,
    locale: "fr-FR",
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    viewport: options.viewport ?? { width: 1280, height: 800 },
    hasTouch: (options.viewport?.width ?? 1280) < 640,
  });
  return context.newPage();
}

/** Password, then the code of the authenticator application. */
export async function signInAsStaff(page: Page, member: StaffMember, javaScript = true): Promise<void> {
  await page.goto("/connexion");
  if (javaScript) await waitForHydration(page);
  await page.getByLabel("Adresse e-mail").fill(member.email);
  await page.getByLabel("Mot de passe", { exact: true }).fill(member.password);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page).toHaveURL(/\/connexion\/verification$/);
  if (javaScript) await waitForHydration(page);
  await page.getByLabel("Code de vérification").fill(await totpCode(member.manualKey));
  await page.getByRole("button", { name: "Vérifier", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // The address changes as the navigation commits, a moment before the dashboard replaces the code form.
  await expect(page.getByLabel("Code de vérification")).toHaveCount(0);
}
