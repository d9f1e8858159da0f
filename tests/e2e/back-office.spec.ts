/**
 * The back-office journey (issue 14): every admin screen from the dashboard, a role change with its confirmation
 * and its journal entry, a manual email in the history, a template created with its live preview and deleted after
 * the confirmation, a lawyer's level; axe on each new page; a lawyer is sent back to their dashboard.
 * Runs its own server (its embedded database is seeded before the server opens it).
 */
import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { waitForHydration } from "./support/hydration";
import { newStaffPage, signInAsStaff, startStaffWorld, type StaffWorld } from "./support/staff";

test.describe("back-office", () => {
  test.describe.configure({ mode: "serial" });
  let world: StaffWorld;

  test.beforeAll(async () => {
    world = await startStaffWorld();
  });
  test.afterAll(async () => {
    await world?.stop();
  });

  test("every screen of the admin dashboard opens, with real counts, and passes axe", async ({ browser }) => {
    test.slow();
    const page = await newStaffPage(browser, world);
    await signInAsStaff(page, world.admin);
    // The seeded world: one client, one lawyer, one admin; no case, no document.
    const card = (label: string) => page.locator('dl[aria-label="Chiffres clés de la plateforme"] > div').filter({ hasText: label }).locator("dd").first();
    await expect(card("Utilisateurs")).toHaveText("1");
    await expect(card("Avocats")).toHaveText("1");
    await expect(card("Dossiers")).toHaveText("0");
    await expect(card("Documents en attente")).toHaveText("0");
    await expect(page.getByRole("link", { name: "Voir les utilisateurs" })).toHaveAttribute("href", "/admin/users?role=user");
    const administration = page.getByRole("navigation", { name: "Administration" });
    const screens: [string, RegExp, string][] = [
      ["Utilisateurs", /\/admin\/users$/, "Utilisateurs"],
      ["Avocats", /\/admin\/lawyers$/, "Avocats"],
      ["Journal des actions", /\/admin\/journal$/, "Journal des actions"],
      ["Documents d'identité", /\/admin\/documents$/, "Documents d'identité"],
      ["Modèles d'e-mails", /\/admin\/email-templates$/, "Modèles d'e-mails"],
      ["E-mails envoyés", /\/admin\/emails$/, "E-mails"],
    ];
    for (const [link, url, heading] of screens) {
      await page.goto("/dashboard");
      await administration.getByRole("link", { name: new RegExp(`^${link}`) }).click();
      await expect(page).toHaveURL(url);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      // The documents console is identity verification's screen; the others are this issue's.
      if (/documents/.test(String(url))) continue;
      await expect(page.getByRole("link", { name: "Retour au tableau de bord" })).toBeVisible();
      await expectNoAxeViolations(page, String(url));
    }
    await page.goto("/admin/email-templates/nouveau");
    await waitForHydration(page);
    await expectNoAxeViolations(page, "/admin/email-templates/nouveau");
    await page.context().close();
  });

  test("a role change asks first, names the consequence, ends the sessions and is in the journal with before and after", async ({ browser }) => {
    const page = await newStaffPage(browser, world);
    await signInAsStaff(page, world.admin);
    await page.goto(`/admin/users?q=${encodeURIComponent(world.client.email)}`);
    await page.locator("[data-list-table]").getByRole("link", { name: "Claire Petit" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Claire Petit" })).toBeVisible();
    await expectNoAxeViolations(page, "/admin/users/:id");
    await page.getByLabel("Nouveau rôle").selectOption("lawyer");
    await page.getByRole("button", { name: "Changer le rôle…" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Passer Claire Petit au rôle Avocat ?" })).toBeVisible();
    await expect(page.getByRole("main")).toContainText("devra activer la double authentification");
    await expectNoAxeViolations(page, "/admin/users/:id (confirmation du rôle)");
    await page.getByRole("button", { name: "Changer le rôle" }).click();
    await expect(page.getByRole("status")).toContainText("Rôle utilisateur mis à jour");

    await page.getByRole("link", { name: "Journal des actions sur ce compte" }).click();
    const row = page.locator("[data-list-table] tr").filter({ hasText: "Rôle modifié" });
    await expect(row).toContainText("role : user");
    await expect(row).toContainText("role : lawyer");
    await expect(row).toContainText(world.admin.email);
    // The actor and the person changed are named beside their ids (issue 29, item 15).
    await expect(row).toContainText("Adèle Martin");
    await expect(row.getByRole("link", { name: "Claire Petit" })).toHaveAttribute("href", `/admin/users/${world.client.userId}`);
    await expect(row).toContainText(world.client.email);
    await expect(row).toContainText(world.client.userId);
    await expectNoAxeViolations(page, "/admin/journal (noms)");
    await page.context().close();
  });

  test("a manual email to two addresses is queued, sent and shown in the history with its statistics", async ({ browser }) => {
    const page = await newStaffPage(browser, world);
    await signInAsStaff(page, world.admin);
    await page.goto("/admin/emails");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Envoyer" }).click();
    await expect(page.getByRole("alert")).toContainText("Veuillez remplir tous les champs");
    await page.getByLabel("Destinataires").fill(" premier@exemple.fr , second@exemple.fr ");
    await page.getByLabel("Objet").fill("Votre dossier avance");
    await page.getByLabel("Message").fill("Bonjour,\n\nNous avons reçu vos pièces.");
    await page.getByRole("button", { name: "Envoyer" }).click();
    await expect(page.getByRole("status")).toContainText("Email envoyé à 2 destinataire(s)");
    await expect(async () => {
      await page.goto("/admin/emails?q=Votre%20dossier%20avance");
      await expect(page.locator("[data-list-table] tbody tr").filter({ hasText: "Envoyé" })).toHaveCount(2);
    }).toPass({ timeout: 20_000 });
    await expect(page.locator('[data-stat="total-loaded"]')).toHaveText("2");
    // The history shows each body's first words; the subject opens the whole message.
    await expect(page.locator("[data-list-table]")).toContainText("Bonjour, Nous avons reçu vos pièces.");
    await expectNoAxeViolations(page, "/admin/emails (historique)");
    // A list's links navigate inside the app, as React Router's links do: the page is not loaded again.
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await page.locator("[data-list-table]").getByRole("link", { name: "Votre dossier avance" }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: "Votre dossier avance" })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await expect(page.locator("pre")).toContainText("Bonjour,\n\nNous avons reçu vos pièces.");
    await expectNoAxeViolations(page, "/admin/emails/:id (message)");
    await page.getByRole("link", { name: "Retour à l'historique des e-mails" }).click();
    await expect(page).toHaveURL(/\/admin\/emails$/);
    await page.context().close();
  });

  test("a template is created with its live preview (a <script> value escaped), and deleted after the confirmation; a system one cannot be", async ({ browser }) => {
    const page = await newStaffPage(browser, world);
    await signInAsStaff(page, world.admin);
    await page.goto("/admin/email-templates");
    const system = page.locator("[data-list-table] tr").filter({ hasText: "Réinitialisation du mot de passe" });
    await expect(system).toContainText("Envoyé par la plateforme");
    await expect(system.getByRole("button", { name: /Supprimer/ })).toHaveCount(0);

    await page.getByRole("link", { name: "Nouveau modèle" }).click();
    await waitForHydration(page);
    await page.getByLabel("Nom").fill("Relance pièces");
    await page.getByLabel("Objet").fill("Bonjour {{prenom}}");
    await page.getByLabel("Texte").fill("Bonjour {{prenom}},\n\nIl manque une pièce.");
    await page.getByLabel("Variables", { exact: true }).fill("prenom, ,");
    await expect(page.locator('[data-preview="subject"]')).toHaveText("Bonjour Marie");
    await page.getByLabel("prenom").fill("<script>alert(1)</script>");
    await expect(page.locator('[data-preview="subject"]')).toHaveText("Bonjour <script>alert(1)</script>");
    await expect(page.locator('[data-preview="text"]')).toContainText("Bonjour <script>alert(1)</script>,");
    await expectNoAxeViolations(page, "/admin/email-templates/nouveau (aperçu)");
    await page.getByText("Version HTML, telle qu'envoyée").click();
    const frame = page.frameLocator('[data-preview="html"]');
    await expect(frame.locator("body")).toContainText("Bonjour <script>alert(1)</script>,");
    await expect(frame.locator("script")).toHaveCount(0);
    await page.getByRole("button", { name: "Enregistrer" }).click();
    await expect(page.getByRole("status")).toContainText("Modèle créé");

    const custom = page.locator("[data-list-table] tr").filter({ hasText: "Relance pièces" });
    await custom.getByRole("button", { name: /Supprimer/ }).click();
    const dialog = page.getByRole("alertdialog", { name: "Supprimer ce modèle ?" });
    await expect(dialog).toContainText("Êtes-vous sûr de vouloir supprimer ce modèle ?");
    await dialog.getByRole("button", { name: "Supprimer" }).click();
    await expect(page.getByRole("status")).toContainText("Modèle supprimé");
    await expect(page.locator("[data-list-table] tr").filter({ hasText: "Relance pièces" })).toHaveCount(0);
    await page.context().close();
  });

  test("a lawyer's level is set from the lawyers' list", async ({ browser }) => {
    const page = await newStaffPage(browser, world);
    await signInAsStaff(page, world.admin);
    await page.goto("/admin/lawyers");
    // A row shows its values; its forms open on demand (only one row carries them).
    const row = page.locator("[data-list-table] tr").filter({ hasText: "Louis Bernard" });
    await expect(row).toContainText("Non défini");
    await expect(page.getByLabel("Niveau de Louis Bernard")).toHaveCount(0);
    await page.getByRole("link", { name: "Modifier le niveau et le barreau de Louis Bernard" }).click();
    await page.getByLabel("Niveau de Louis Bernard").selectOption("advanced");
    await page.getByRole("button", { name: "Enregistrer le niveau de Louis Bernard" }).click();
    await expect(page.getByRole("status")).toContainText("Niveau d'avocat mis à jour");
    await expect(row).toContainText("Avancé");
    await expect(page.getByLabel("Niveau de Louis Bernard")).toHaveCount(0);
    await page.context().close();
  });

  test("a lawyer opening a back-office page is sent to their dashboard", async ({ browser }) => {
    const page = await newStaffPage(browser, world);
    await signInAsStaff(page, world.lawyer);
    for (const path of ["/admin/users", "/admin/lawyers", "/admin/emails", "/admin/email-templates", "/admin/journal"]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/dashboard$/);
    }
    await page.context().close();
  });
});
