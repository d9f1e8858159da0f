/**
 * The four journeys of issue 29 page by page: a victim from the home page to a submitted case, then her account,
 * export and deletion pages; the administrator's review and allocation; the lawyer's case, chat and case file. Every
 * page passes axe at 390 px (a phone) and at 1280 px, and none scrolls sideways at 320 px (WCAG 1.4.10). One signed-in
 * page per role, resized with setViewportSize, keeps it fast. Runs its own server on an embedded database seeded
 * through the modules.
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import { addPayment } from "~/modules/case-file/case-file.server";
import { paymentSchema } from "~/modules/case-file/case-file.schema";
import { publicPagePaths } from "~/content/site";
import { insertSubmittedCase, seedPerson } from "../support/cases";
import { assignTo } from "../support/chat";
import { expectNoAxeViolations } from "./support/axe";
import { waitForHydration } from "./support/hydration";
import { seededServer } from "./support/seeded-server";
import { seedStaff, signInAsStaff, type StaffMember } from "./support/staff";
import { expectTouchTargets } from "./support/touch-targets";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const NARROW = { width: 320, height: 640 };

type Role = "client" | "lawyer" | "admin";

test.describe("the pages of the four journeys", () => {
  test.describe.configure({ mode: process.env.JOURNEY_EXPLORE ? "default" : "serial" });
  let admin: StaffMember;
  let lawyer: StaffMember & { userId: string };
  let client: { email: string; password: string; userId: string };
  let caseId: string;
  let assignedCaseId: string;
  let paymentId: string;
  const pages = new Map<Role | "visitor", Page>();

  const app = seededServer(async () => {
    admin = await seedStaff("admin", "Adèle", "Martin");
    lawyer = await seedStaff("lawyer", "Louise", "Lefèvre");
    const person = await seedPerson("user", "Colette", { verified: true, email: "colette@journey-pages.example" });
    client = person;
    const payment = { paid_on: "02-03-2025", amount: "9 000", method: "bank_transfer", beneficiary_kind: "iban", beneficiary: "FR7630006000011234567890189" };
    // A case still open to edits, and one a lawyer has taken on: its payments are frozen (a table without links).
    caseId = (await insertSubmittedCase(person.userId)).id;
    assignedCaseId = (await insertSubmittedCase(person.userId, { scamType: "romance_scam", amount: "4800" })).id;
    for (const id of [caseId, assignedCaseId]) {
      const first = await addPayment(person, id, paymentSchema.parse({ ...payment, note: "Premier versement au faux conseiller, confirmé par un appel" }));
      if (!first.ok) throw new Error(`payment refused: ${JSON.stringify(first)}`);
      if (id === caseId) paymentId = first.id;
      await addPayment(person, id, paymentSchema.parse({ ...payment, paid_on: "10-03-2025", amount: "3 500" }));
    }
    await assignTo(assignedCaseId, lawyer.userId);
  });
  test.afterAll(async () => {
    for (const page of pages.values()) await page.context().close();
  });

  /** One page per role for the whole file: a staff member's code is single-use, and signing in costs time. */
  async function pageFor(browser: Browser, role: Role | "visitor"): Promise<Page> {
    const existing = pages.get(role);
    if (existing) return existing;
    const context = await browser.newContext({ baseURL: app.server.baseUrl, locale: "fr-FR", viewport: DESKTOP });
    const page = await context.newPage();
    if (role === "client") {
      await page.goto("/connexion");
      await waitForHydration(page);
      await page.getByLabel("Adresse e-mail").fill(client.email);
      await page.getByLabel("Mot de passe", { exact: true }).fill(client.password);
      await page.getByRole("button", { name: "Se connecter" }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
    } else if (role !== "visitor") {
      await signInAsStaff(page, role === "admin" ? admin : lawyer);
    }
    pages.set(role, page);
    return page;
  }

  function journey(role: Role | "visitor"): string[] {
    const caseBase = `/case/${caseId}`;
    const assigned = `/case/${assignedCaseId}`;
    switch (role) {
      case "visitor":
        return ["/", "/premiers-reflexes", "/fonctionnement", "/arnaques/faux-placements", "/inscription", "/connexion", "/mot-de-passe-oublie", "/verifier-un-contact", "/politique-confidentialite"];
      case "client":
        return [
          "/dashboard",
          "/complete-profile",
          "/verify-identity",
          "/create-case",
          caseBase,
          `${caseBase}/chat`,
          `${caseBase}/paiements`,
          `${caseBase}/paiements/${paymentId}`,
          `${caseBase}/identifiants`,
          assigned,
          `${assigned}/chat`,
          "/code-appel",
          "/compte",
          "/compte/email",
          "/compte/donnees",
          "/compte/suppression",
        ];
      case "lawyer":
        return ["/dashboard", "/avocat/dossiers", `/avocat/dossiers/${assignedCaseId}`, assigned, `${assigned}/code-appel`, `${assigned}/chat`, "/avocat/clients", "/avocat/messages", "/avocat/coordonnees", "/compte"];
      case "admin":
        return [
          "/dashboard",
          "/admin/cases",
          caseBase,
          assigned,
          "/admin/documents",
          "/admin/lawyer-allocation",
          "/admin/lawyers",
          "/admin/users",
          `/admin/users/${client.userId}`,
          "/admin/journal",
          "/admin/suppressions",
          "/admin/emails",
          "/admin/email-templates",
          "/compte",
        ];
    }
  }

  async function open(page: Page, path: string): Promise<void> {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
  }

  async function sidewaysScroll(page: Page, paths: readonly string[]): Promise<string[]> {
    await page.setViewportSize(NARROW);
    const wide: string[] = [];
    for (const path of paths) {
      await open(page, path);
      await page.waitForLoadState("load");
      // The report names the first element that sticks out, to find the cause without a screenshot.
      const overflow = await page.evaluate(() => {
        const { scrollWidth, clientWidth } = document.documentElement;
        if (scrollWidth <= clientWidth) return null;
        const culprit = Array.from(document.body.querySelectorAll("*")).find((element) => element.getBoundingClientRect().right > clientWidth + 0.5);
        const name = culprit ? `${culprit.tagName.toLowerCase()}.${String(culprit.getAttribute("class") ?? "").split(" ").slice(0, 4).join(".")}` : "?";
        return `${scrollWidth} px > ${clientWidth} px (${name})`;
      });
      if (overflow) wide.push(`${path}: ${overflow}`);
    }
    return wide;
  }

  test("at 320 px no public page scrolls sideways", async ({ browser }) => {
    const page = await pageFor(browser, "visitor");
    expect(await sidewaysScroll(page, [...publicPagePaths(), "/mot-de-passe-oublie"])).toEqual([]);
  });

  for (const role of ["client", "lawyer", "admin"] as const) {
    test(`at 320 px no page of the ${role}'s journey scrolls sideways`, async ({ browser }) => {
      const page = await pageFor(browser, role);
      expect(await sidewaysScroll(page, journey(role))).toEqual([]);
    });
  }

  test("on a phone the menu lists a member's pages; after a navigation the focus is on the h1 and the title is read out", async ({ browser }) => {
    const page = await pageFor(browser, "client");
    await page.setViewportSize(PHONE);
    await open(page, "/dashboard");
    await waitForHydration(page);
    const announcer = page.locator("[data-route-announcer]");
    await expect(announcer).toHaveText("");
    await page.getByText("Menu", { exact: true }).click();
    const mine = page.getByRole("navigation", { name: "Mon espace" });
    await expect(mine.getByRole("link")).toHaveText(["Tableau de bord", "Mon profil", "Vérification d'identité", "Mes dossiers", "Nouveau dossier", "Mon compte"]);
    await mine.getByRole("link", { name: "Mon compte" }).click();
    await expect(page).toHaveURL(/\/compte$/);
    await expect(page.locator("main h1")).toBeFocused();
    await expect(announcer).toHaveText(await page.title());
    await expect(mine).toBeHidden();

    // A lawyer on a case's chat (outside the workspace's shell) finds the workspace's pages in the same menu.
    const lawyerPage = await pageFor(browser, "lawyer");
    await lawyerPage.setViewportSize(PHONE);
    await open(lawyerPage, `/case/${assignedCaseId}/chat`);
    await waitForHydration(lawyerPage);
    await lawyerPage.getByText("Menu", { exact: true }).click();
    await expect(lawyerPage.getByRole("navigation", { name: "Mon espace" }).getByRole("link")).toHaveText([
      "Tableau de bord",
      "Dossiers",
      "Clients",
      "Messages",
      "Facturation",
      "Coordonnées publiques",
      "Mon compte",
    ]);
  });

  // The client's turn comes last: by then the lawyer and the administrator have opened her case, so "Qui a consulté
  // mes données" (/compte/donnees) holds rows.
  for (const role of ["visitor", "lawyer", "admin", "client"] as const) {
    test(`every page of the ${role}'s journey passes axe at 390 and 1280 px`, async ({ browser }) => {
      test.slow();
      const page = await pageFor(browser, role);
      // Every page is scanned before the test fails, so that one run lists them all (axe prints each violation).
      const failing: string[] = [];
      for (const viewport of [PHONE, DESKTOP]) {
        await page.setViewportSize(viewport);
        for (const path of journey(role)) {
          await open(page, path);
          const label = `${path} at ${viewport.width} px`;
          await expectNoAxeViolations(page, label).catch(() => failing.push(label));
          if (path === "/avocat/clients" && viewport === PHONE) await expectTouchTargets(page, label).catch(() => failing.push(`${label} (44 px)`));
        }
      }
      expect(failing).toEqual([]);
    });
  }
});
