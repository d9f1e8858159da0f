/**
 * The case chat, live: the client and the lawyer in two browsers — served by two server processes on one PostgreSQL
 * when TEST_DATABASE_URL is set, else one server on the embedded database. A message appears for the other without
 * reload, the lawyer's open page reads it and the client sees 'Lu', an admin sees 'Lu', and a third person gets 404
 * on the page and on its event stream.
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import { seedAccount } from "../support/accounts";
import { actorFor, insertSubmittedCase } from "../support/cases";
import { assignTo } from "../support/chat";
import { ensureProductionBuild, startProductionServer, type RunningServer } from "../support/production-server";
import { sendChatMessage } from "~/modules/chat/chat.server";
import { expectNoAxeViolations } from "./support/axe";
import { waitForHydration } from "./support/hydration";
import { startSeededServer } from "./support/seeded-server";
import { seedStaff, signInAsStaff, type StaffMember, type StaffWorld } from "./support/staff";

interface ChatWorld {
  servers: RunningServer[];
  caseId: string;
  caseNumber: string;
  /** A second case of the client's, whose lawyer already wrote: the phone test's thread. */
  phoneCaseId: string;
  admin: StaffMember;
  lawyer: StaffMember;
  client: { email: string; password: string };
  stranger: { email: string; password: string };
  stop(): Promise<void>;
}

async function startChatWorld(): Promise<ChatWorld> {
  ensureProductionBuild();
  const engine = process.env.TEST_DATABASE_URL ? "postgres" : "pglite";
  const app = await startSeededServer(
    async () => {
      const admin = await seedStaff("admin", "Adèle", "Martin");
      const lawyer = await seedStaff("lawyer", "Louis", "Bernard");
      const client = await seedAccount("user", { firstName: "Claire", lastName: "Petit" });
      const stranger = await seedAccount("user", { firstName: "Simon", lastName: "Durand" });
      const created = await insertSubmittedCase(client.userId);
      await assignTo(created.id, lawyer.userId);
      const phoneCase = await insertSubmittedCase(client.userId);
      await assignTo(phoneCase.id, lawyer.userId);
      const lawyerActor = actorFor("lawyer", lawyer.userId, lawyer.email, "Louis", "Bernard");
      const seeded = await sendChatMessage(lawyerActor, phoneCase.id, { message: "Bonjour, envoyez-moi vos relevés." });
      if (!seeded.ok) throw new Error(seeded.message);
      return { caseId: created.id, caseNumber: created.caseNumber, phoneCaseId: phoneCase.id, admin, lawyer, client, stranger };
    },
    { engine },
  );
  const servers = [app.server];
  try {
    // On PostgreSQL a second server shares the database: the two sides of the conversation talk through it.
    if (engine === "postgres") servers.push(await startProductionServer(app.serverEnv));
  } catch (error) {
    await app.stop();
    throw error;
  }
  return {
    ...app.seeded,
    servers,
    async stop() {
      await servers[1]?.stop();
      await app.stop();
    },
  };
}

async function pageOn(browser: Browser, server: RunningServer): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.baseUrl, locale: "fr-FR", viewport: { width: 1280, height: 800 } });
  return context.newPage();
}

async function signInAsClient(page: Page, person: { email: string; password: string }): Promise<void> {
  await page.goto("/connexion");
  await waitForHydration(page);
  await page.getByLabel("Adresse e-mail").fill(person.email);
  await page.getByLabel("Mot de passe", { exact: true }).fill(person.password);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
}

function bubble(page: Page, text: string) {
  return page.locator("[data-chat-thread] article").filter({ hasText: text });
}

/** The viewer's own message stands against the thread's right edge, the other side's against its left edge. */
async function expectSides(page: Page, texts: { mine: string; theirs: string }): Promise<void> {
  const thread = await page.locator("[data-chat-thread]").boundingBox();
  const mine = await bubble(page, texts.mine).boundingBox();
  const theirs = await bubble(page, texts.theirs).boundingBox();
  if (!thread || !mine || !theirs) throw new Error("thread or message not laid out");
  const threadCentre = thread.x + thread.width / 2;
  expect(mine.x + mine.width / 2).toBeGreaterThan(threadCentre);
  expect(theirs.x + theirs.width / 2).toBeLessThan(threadCentre);
  expect(mine.x + mine.width).toBeGreaterThan(theirs.x + theirs.width);
  expect(theirs.x).toBeLessThan(mine.x);
}

test.describe("case chat", () => {
  let world: ChatWorld;

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    world = await startChatWorld();
  });

  test.afterAll(async () => {
    await world?.stop();
  });

  test("client and lawyer talk live, receipts reach the sender and the admin, a third person gets 404", async ({ browser }) => {
    test.slow();
    const chatPath = `/case/${world.caseId}/chat`;
    const clientPage = await pageOn(browser, world.servers[0]!);
    const lawyerPage = await pageOn(browser, world.servers[world.servers.length - 1]!);

    await signInAsClient(clientPage, world.client);
    await clientPage.goto(`/case/${world.caseId}`);
    await clientPage.getByRole("link", { name: "Ouvrir la messagerie du dossier" }).click();
    await expect(clientPage).toHaveURL(new RegExp(`${chatPath}$`));
    await expect(clientPage.getByRole("heading", { level: 1, name: `Dossier ${world.caseNumber}` })).toBeVisible();
    await waitForHydration(clientPage);

    await signInAsStaff(lawyerPage, world.lawyer as StaffWorld["lawyer"]);
    await lawyerPage.goto(chatPath);
    await waitForHydration(lawyerPage);
    await expectNoAxeViolations(lawyerPage, chatPath);

    // Shift+Enter is a new line, Enter sends; markup is shown as text.
    const composer = clientPage.getByLabel("Votre message");
    await composer.fill("Bonjour Maître, <b>voici</b> mes relevés.");
    await composer.press("Shift+Enter");
    await composer.pressSequentially("Merci !");
    await composer.press("Enter");
    await expect(composer).toHaveValue("");
    await expect(bubble(clientPage, "<b>voici</b>")).toBeVisible();

    // The lawyer, on the other server, sees it without reloading, reads it, and the client sees 'Lu'.
    const received = bubble(lawyerPage, "Bonjour Maître, <b>voici</b> mes relevés.");
    await expect(received).toBeVisible({ timeout: 15_000 });
    await expect(received).toContainText("Claire Petit");
    await expect(bubble(clientPage, "Merci !").locator("[data-read-mark]")).toHaveText("Lu", { timeout: 15_000 });

    // The reply, with '(Avocat)', reaches the client live, on the left: theirs left, mine right (decision 0072).
    await lawyerPage.getByLabel("Votre message").fill("Bien reçu, je les étudie.");
    await lawyerPage.getByRole("button", { name: "Envoyer" }).click();
    const reply = bubble(clientPage, "Bien reçu, je les étudie.");
    await expect(reply).toBeVisible({ timeout: 15_000 });
    await expect(reply).toContainText("Louis Bernard (Avocat)");
    await expectSides(clientPage, { mine: "Merci !", theirs: "Bien reçu" });
    await expectSides(lawyerPage, { mine: "Bien reçu", theirs: "Merci !" });
    await expectNoAxeViolations(clientPage, chatPath);

    // A blank message is not sent.
    await clientPage.getByLabel("Votre message").fill("   ");
    await clientPage.getByRole("button", { name: "Envoyer" }).click();
    await expect(clientPage.getByText("Écrivez un message ou joignez un fichier.")).toBeVisible();

    // The admin observes: 'Lu' on both messages (each read by its recipient), reading nothing themselves.
    const adminPage = await pageOn(browser, world.servers[0]!);
    await signInAsStaff(adminPage, world.admin as StaffWorld["admin"]);
    await adminPage.goto(chatPath);
    await expect(bubble(adminPage, "Merci !").locator("[data-read-mark]")).toHaveText("Lu");
    await expect(bubble(adminPage, "Bien reçu").locator("[data-read-mark]")).toHaveText("Lu", { timeout: 15_000 });

    // A third person: 404 on the page and on its event stream.
    const strangerPage = await pageOn(browser, world.servers[0]!);
    await signInAsClient(strangerPage, world.stranger);
    const refused = await strangerPage.goto(chatPath);
    expect(refused?.status()).toBe(404);
    await expect(strangerPage.getByText("Vous n'avez pas accès à ce dossier")).toBeVisible();
    const stream = await strangerPage.request.get(`${chatPath}/events`, { headers: { accept: "text/event-stream" } });
    expect(stream.status()).toBe(404);
  });

  test("on a phone, Enter makes a new line, the send button sends, and the box stays in view", async ({ browser }) => {
    test.slow();
    const chatPath = `/case/${world.phoneCaseId}/chat`;
    const context = await browser.newContext({
      baseURL: world.servers[0]!.baseUrl,
      locale: "fr-FR",
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    const phone = await context.newPage();
    await signInAsClient(phone, world.client);
    await phone.goto(chatPath);
    await waitForHydration(phone);
    await expect(bubble(phone, "Bonjour, envoyez-moi vos relevés.")).toContainText("Louis Bernard (Avocat)");
    await expect(phone.getByText("Entrée pour aller à la ligne, bouton « Envoyer » pour envoyer.")).toBeVisible();

    const composer = phone.getByLabel("Votre message");
    await composer.tap();
    await composer.pressSequentially("Voici mes relevés de mars");
    await composer.press("Enter");
    await composer.pressSequentially("et ceux d'avril.");
    await expect(composer).toHaveValue("Voici mes relevés de mars\net ceux d'avril.");
    await expect(phone.locator("[data-chat-thread] article").filter({ hasText: "Voici mes relevés" })).toHaveCount(0);
    // The box and its button are on screen, not under the page's fold.
    await expect(composer).toBeInViewport();
    await expect(phone.getByRole("button", { name: "Envoyer" })).toBeInViewport();

    await phone.getByRole("button", { name: "Envoyer" }).tap();
    await expect(composer).toHaveValue("");
    const sent = bubble(phone, "et ceux d'avril.");
    await expect(sent).toBeVisible();
    await expect(sent).toContainText("Voici mes relevés de mars");
    await expect(sent).toContainText("Claire Petit");
    await expectSides(phone, { mine: "et ceux d'avril.", theirs: "Bonjour, envoyez-moi vos relevés." });
    await expectNoAxeViolations(phone, chatPath);
    await context.close();
  });
});
