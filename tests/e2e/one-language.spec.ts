import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { newStaffPage, signInAsStaff, startStaffWorld, type StaffWorld } from "./support/staff";

/**
 * One language (issue 29): what a person reads is French, with French typography: a narrow no-break space (never a
 * plain or a wide one) before ? ! : ; and before € and %, "tableau de bord" (never "dashboard"), "envoyé" or
 * "téléversé" (never "uploadé").
 */
async function expectOneLanguage(page: Page, where: string): Promise<void> {
  const text = await page.evaluate(() => {
    const meta = [...document.querySelectorAll("meta[name=description], meta[property^='og:']")].map((tag) => tag.getAttribute("content") ?? "");
    const labels = [...document.querySelectorAll("[aria-label], [title], [placeholder]")].flatMap((element) =>
      ["aria-label", "title", "placeholder"].map((name) => element.getAttribute(name) ?? ""),
    );
    return [document.title, ...meta, ...labels, document.body.innerText].join("\n");
  });
  const wideSpaceBeforeMark = text.match(/.{0,30}\S[ \u00a0][?!:;](?=\s|$).{0,10}/gmu) ?? [];
  expect(wideSpaceBeforeMark, `${where}: a plain space before ? ! : ;`).toEqual([]);
  expect(text.match(/.{0,30}\d[ \u00a0][€%].{0,10}/gmu) ?? [], `${where}: a plain space before € or %`).toEqual([]);
  expect(text.match(/.{0,30}dashboard.{0,10}/gimu) ?? [], `${where}: 'dashboard'`).toEqual([]);
  expect(text.match(/.{0,30}upload.{0,10}/gimu) ?? [], `${where}: 'uploadé'`).toEqual([]);
}

test("public pages and the not-found page read in French, with French typography", async ({ page }) => {
  for (const path of ["/", "/fonctionnement", "/resultats", "/arnaques/faux-placements", "/connexion", "/inscription", "/mentions-legales", "/politique-confidentialite", "/conditions-generales"]) {
    await page.goto(path);
    await expectOneLanguage(page, path);
  }
  const response = await page.goto("/page-qui-n-existe-pas");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page introuvable");
  await expectOneLanguage(page, "404");
});

test.describe("staff dashboards", () => {
  let world: StaffWorld;
  test.beforeAll(async () => {
    world = await startStaffWorld();
  });
  test.afterAll(async () => {
    await world.stop();
  });

  test("the lawyer's and the administrator's dashboards are 'tableaux de bord'", async ({ browser }) => {
    for (const [member, heading] of [
      [world.lawyer, "Tableau de bord avocat"],
      [world.admin, "Tableau de bord administrateur"],
    ] as const) {
      const page = await newStaffPage(browser, world);
      await signInAsStaff(page, member);
      await expect(page.getByRole("heading", { level: 1 })).toContainText(heading);
      await expectOneLanguage(page, heading);
      await expectNoAxeViolations(page, heading);
      await page.context().close();
    }
  });
});
