import { spawnSync } from "node:child_process";
import { expect, type Page } from "@playwright/test";
import { ROOT } from "../../support/production-server";
import { totpCode, totpCodeAt } from "../../support/totp";

export { totpCode, totpCodeAt };

/**
 * Runs `npm run create-admin` on an embedded database folder (before any server opens it) and returns the
 * printed password and the whole output.
 */
export function createAdminWithCli(dataDir: string, email: string, firstName: string): { password: string; output: string } {
  const result = spawnSync(
    process.execPath,
    ["--import", "tsx", "scripts/create-admin.ts", "--email", email, "--first-name", firstName, "--last-name", "Administratrice"],
    { cwd: ROOT, encoding: "utf8", env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "warn", NODE_ENV: "production" } },
  );
  const output = `${result.stdout}${result.stderr}`;
  const password = /Mot de passe[^:]*: (\S+)/.exec(result.stdout)?.[1];
  if (result.status !== 0 || !password) throw new Error(`create-admin a échoué :\n${output}`);
  return { password, output };
}

/** The manual key shown on the enrolment page, without its spaces. */
export async function manualKeyOnPage(page: Page): Promise<string> {
  const shown = page.locator("#cle-manuelle");
  await expect(shown).toBeVisible();
  const key = (await shown.textContent())?.replace(/\s/g, "") ?? "";
  expect(key).toMatch(/^[A-Z2-7]{16,}$/);
  return key;
}

/** The recovery codes listed on the page, in order (waits for the list: it comes with the confirmation's answer). */
export async function recoveryCodesOnPage(page: Page): Promise<string[]> {
  const list = page.getByRole("list", { name: "Codes de secours" });
  await expect(list).toBeVisible();
  const codes = await list.getByRole("listitem").allTextContents();
  return codes.map((code) => code.trim());
}
