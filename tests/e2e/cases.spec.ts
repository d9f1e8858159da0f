/**
 * Filing a case, end to end in a browser: an unverified client writes a draft without JavaScript, closes the tab,
 * resumes it from the dashboard (steps move without a reload, the draft is saved when the page is hidden) and cannot
 * start a second one; once verified, submits it from the list; with 100 % of the allocation on one lawyer the case goes
 * to that lawyer at once and both are emailed; the lawyer moves it to 'En cours' with a note; the client's case page
 * shows each step; another client gets 'Vous n'avez pas accès à ce dossier' (404). Axe scans every new page.
 * Runs its own server: the identity verdict is written to the database between two runs of it.
 */
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { changeCaseStatusByLawyer } from "~/modules/cases/lawyer-cases.server";
import type { UserActor } from "~/platform/actor";
import { seedPerson, setAllocation, setIdentityVerified } from "../support/cases";
import { expectNoAxeViolations } from "./support/axe";
import { waitForHydration } from "./support/hydration";
import { MAIL_SINK_ENV, seededServer } from "./support/seeded-server";
import { waitForMail } from "./support/mail";

test.describe("filing a case", () => {
  test.describe.configure({ mode: "serial" });
  const people = {} as Record<"client" | "other", { userId: string; email: string; password: string }>;
  let lawyer: UserActor;

  // Emails go through real SMTP to the run's test mailbox.
  const app = seededServer(async () => {
    for (const [key, name] of [["client", "Jeanne"], ["other", "Odile"]] as const) {
      const person = await seedPerson("user", name);
      people[key] = { userId: person.userId, email: person.email, password: person.password };
    }
    await setIdentityVerified(people.other.userId, true);
    lawyer = await seedPerson("lawyer", "Louise");
    await setAllocation(lawyer.userId, 100);
  }, { env: MAIL_SINK_ENV });

  async function signedIn(browser: Browser, who: keyof typeof people, javaScriptEnabled = true): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ baseURL: app.server.baseUrl, locale: "fr-FR", javaScriptEnabled });
    const page = await context.newPage();
    await page.goto("/connexion");
    if (javaScriptEnabled) await waitForHydration(page);
    await page.getByLabel("Adresse e-mail").fill(people[who].email);
    await page.getByLabel("Mot de passe", { exact: true }).fill(people[who].password);
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    return { context, page };
  }

  let caseNumber = "";
  let caseUrl = "";
  let clientContext: BrowserContext;

  test("without JavaScript: a draft written step by step, saved, the tab closed", async ({ browser }) => {
    test.slow();
    const { context, page } = await signedIn(browser, "client", false);
    await page.getByRole("link", { name: "Nouveau dossier" }).click();
    await expect(page.getByText("Étape 1 sur 3 : Type d'arnaque")).toBeVisible();
    await expectNoAxeViolations(page, "/create-case (étape 1, sans JS)", { javaScript: false });

    // Moving on without a choice is refused, in French.
    await page.getByRole("button", { name: "Suivant", exact: true }).click();
    await expect(page.getByText("Choisissez le type d'arnaque").first()).toBeVisible();
    await page.getByRole("radio", { name: /Arnaque sentimentale/ }).check();
    await page.getByRole("button", { name: "Suivant", exact: true }).click();

    await expect(page.getByText("Étape 2 sur 3 : Description")).toBeVisible();
    await expect(page).toHaveURL(/step=2/);
    await page.getByLabel("Comment l'escroc vous a-t-il contacté ?").selectOption("dating_site");
    await page.getByLabel("Date du premier contact").fill("02-05-2024");
    await page.getByLabel("Montant total perdu, en euros (facultatif)").fill("-5");
    await page.getByLabel("Description détaillée").fill("Rencontré sur un site, il m'a demandé de l'argent pour venir me voir.");
    await page.getByRole("checkbox", { name: "Virement bancaire" }).check();
    await page.getByRole("button", { name: "Suivant", exact: true }).click();
    await expect(page.getByText("Le montant ne peut pas être négatif").first()).toBeVisible();
    // What was typed is still there.
    await expect(page.getByLabel("Description détaillée")).toHaveValue(/il m'a demandé de l'argent/);
    await expectNoAxeViolations(page, "/create-case (étape 2 avec erreur, sans JS)", { javaScript: false });
    await page.getByLabel("Montant total perdu, en euros (facultatif)").fill("1 234,56 €");
    await page.getByRole("button", { name: "Suivant", exact: true }).click();

    await expect(page.getByText("Étape 3 sur 3 : Récapitulatif")).toBeVisible();
    await expect(page.getByText("Site ou application de rencontre")).toBeVisible();
    await expect(page.getByRole("button", { name: "Soumettre le dossier" })).toHaveCount(0);
    await expectNoAxeViolations(page, "/create-case (récapitulatif, sans JS)", { javaScript: false });
    await page.getByRole("button", { name: "Enregistrer le brouillon" }).click();

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText("Brouillon sauvegardé avec succès")).toBeVisible();
    const row = page.getByRole("row").filter({ hasText: "Arnaque sentimentale" });
    await expect(row.getByText("Brouillon")).toBeVisible();
    caseNumber = (await row.getByRole("rowheader").textContent())!.trim();
    expect(caseNumber).toMatch(/^RC-\d{4}-\d{6}$/);
    caseUrl = (await row.getByRole("link", { name: `Voir le dossier ${caseNumber}` }).getAttribute("href"))!;
    expect(caseUrl).toMatch(/^\/case\/[0-9a-f-]{36}$/);
    await context.close();
  });

  test("with JavaScript: resumed from the dashboard, instant steps, saved when the page is hidden, no second draft", async ({ browser }) => {
    test.slow();
    const { context, page } = await signedIn(browser, "client");
    clientContext = context;
    await waitForHydration(page);
    // Unverified with a draft: no 'Nouveau dossier', the reason instead.
    await expect(page.getByRole("link", { name: "Nouveau dossier" })).toHaveCount(0);
    await expect(page.getByText("Vous devez vérifier votre identité pour créer des dossiers").first()).toBeVisible();
    await page.getByRole("link", { name: `Modifier le dossier ${caseNumber}` }).click();

    await expect(page.getByText("Étape 3 sur 3 : Récapitulatif")).toBeVisible();
    await expect(page.getByText("Rencontré sur un site, il m'a demandé de l'argent pour venir me voir.")).toBeVisible();
    await waitForHydration(page);
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await page.getByRole("link", { name: "Modifier la description" }).click();
    await expect(page.getByText("Étape 2 sur 3 : Description")).toBeVisible();
    await expect(page.getByLabel("Montant total perdu, en euros (facultatif)")).toHaveValue("1 234,56");
    await page.getByRole("button", { name: "Étape 1 : Type d'arnaque" }).click();
    await expect(page.getByText("Étape 1 sur 3 : Type d'arnaque")).toBeVisible();
    await expect(page.getByRole("radio", { name: /Arnaque sentimentale/ })).toBeChecked();
    await page.getByRole("button", { name: "Suivant", exact: true }).click();
    await expect(page.getByText("Étape 2 sur 3 : Description")).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await expectNoAxeViolations(page, "/create-case (étape 2)");

    // Typed, then the tab is closed without pressing anything: the draft keeps it.
    await page.getByLabel("Description détaillée").fill("Rencontré sur un site. Ajouté avant de fermer l'onglet.");
    const beacon = page.waitForRequest((request) => request.method() === "POST" && new URL(request.url()).pathname === "/create-case");
    await page.evaluate(() => {
      Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
      document.dispatchEvent(new Event("visibilitychange"));
    });
    await beacon;
    await page.close();

    const again = await context.newPage();
    await expect(async () => {
      await again.goto(caseUrl);
      await expect(again.getByText("Rencontré sur un site. Ajouté avant de fermer l'onglet.")).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await expectNoAxeViolations(again, "/case/:caseId (brouillon)");

    await again.goto("/create-case");
    await expect(again.getByText("Vous devez vérifier votre identité pour créer des dossiers")).toBeVisible();
    await expect(again.getByRole("link", { name: "Reprendre mon brouillon" })).toBeVisible();
    await expectNoAxeViolations(again, "/create-case (un seul brouillon)");
    await again.close();
  });

  test("once verified: submitted from the list, assigned at once, moved on by the lawyer; the timeline; another client gets 404", async ({ browser }) => {
    test.slow();
    // The compliance team's verdict, written while the server is stopped (the embedded database has one process).
    await app.whileStopped(() => setIdentityVerified(people.client.userId, true));

    const page = await clientContext.newPage();
    await page.goto("/dashboard");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { name: "Identité vérifiée" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Nouveau dossier" })).toBeVisible();
    await page.getByRole("button", { name: `Soumettre le dossier ${caseNumber}` }).click();
    await expect(page.getByText("Dossier soumis avec succès")).toBeVisible();
    // 100 % of the allocation on one lawyer: assigned in the submission itself, both emailed.
    const row = page.getByRole("row").filter({ hasText: caseNumber });
    await expect(row.getByText("Assigné")).toBeVisible();
    await expectNoAxeViolations(page, "/dashboard (dossier soumis)");
    const toClient = await waitForMail(people.client.email, new RegExp(`Un avocat s'occupe de votre dossier ${caseNumber}`));
    expect(toClient.text).toContain("Maître Louise NomLouise");
    await waitForMail(lawyer.email, new RegExp(`Nouveau dossier ${caseNumber} à examiner`));

    await row.getByRole("link", { name: `Voir le dossier ${caseNumber}` }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Dossier ${caseNumber}` })).toBeVisible();
    const timeline = page.locator("[data-timeline]");
    await expect(timeline.getByText("Votre dossier a été créé en brouillon")).toBeVisible();
    await expect(timeline.getByText("Vous avez soumis votre dossier")).toBeVisible();
    await expect(timeline.getByText("Votre dossier a été transmis à Maître Louise NomLouise")).toBeVisible();
    await expect(page.getByRole("region", { name: "Votre avocat" }).getByText("Maître Louise NomLouise")).toBeVisible();
    await expect(page.getByText("Maître Louise NomLouise étudie votre dossier")).toBeVisible();
    await expect(page.getByRole("link", { name: "Ouvrir la messagerie du dossier" })).toHaveAttribute("href", `${caseUrl}/chat`);
    await expectNoAxeViolations(page, "/case/:caseId (assigné)");

    // The lawyer starts work, with a note (their own screens are tested in lawyer-cases.spec.ts).
    const moved = await app.whileStopped(() =>
      changeCaseStatusByLawyer(lawyer, { caseId: caseUrl.slice("/case/".length), status: "in_progress", note: "J'ai écrit à votre banque.", urgency: "Rappel de fonds à demander avant la clôture du virement.", outcomeReason: "" }),
    );
    expect(moved.ok).toBe(true);
    await page.reload();
    await expect(timeline.getByText("Maître Louise NomLouise travaille sur votre dossier")).toBeVisible();
    await expect(timeline.getByText("J'ai écrit à votre banque.")).toBeVisible();
    await expect(page.getByText("Statut : En cours")).toBeVisible();

    const { page: stranger } = await signedIn(browser, "other");
    const response = await stranger.goto(caseUrl);
    expect(response?.status()).toBe(404);
    await expect(stranger.getByRole("heading", { name: "Vous n'avez pas accès à ce dossier" })).toBeVisible();
    await expect(stranger.getByRole("link", { name: "Retour au tableau de bord" })).toBeVisible();
    await expectNoAxeViolations(stranger, "/case/:caseId (refusé)");
  });
});
