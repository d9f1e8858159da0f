import { expect, type Browser, type Page } from "@playwright/test";
import { seedAccount, seedEnrolledAccount } from "../../support/accounts";
import { startProductionServer, type RunningServer } from "../../support/production-server";
import { persistentDatabaseTarget, startTestRuntimeOn } from "../../support/test-database";
import { stopRuntime } from "~/platform/runtime.server";
import { totpCode } from "./two-factor";
import { waitForHydration } from "./hydration";

const SECRET = "staff-workspace-secret-staff-workspace-secret-0123";

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

/**
 * A server of its own on an embedded database seeded through the modules: an administrator and a lawyer whose
 * second factor is enrolled, and a client.
 */
export async function startStaffWorld(): Promise<StaffWorld> {
  const database = await persistentDatabaseTarget("pglite");
  // The second factor's secret is encrypted with AUTH_SECRET: the server must use the one it was seeded with.
  await startTestRuntimeOn(database.target, { AUTH_SECRET: SECRET });
  const admin = await seedEnrolledAccount("admin", { firstName: "Adèle", lastName: "Martin" });
  const lawyer = await seedEnrolledAccount("lawyer", { firstName: "Louis", lastName: "Bernard" });
  const client = await seedAccount("user", { firstName: "Claire", lastName: "Petit" });
  await stopRuntime();
  const server = await startProductionServer({ ...database.serverEnv, AUTH_SECRET: SECRET, LOG_LEVEL: "warn" });
  return {
    server,
    admin: { ...admin, firstName: "Adèle", lastName: "Martin" },
    lawyer: { ...lawyer, firstName: "Louis", lastName: "Bernard" },
    client,
    async stop() {
      await server.stop();
      await database.drop();
    },
  };
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
