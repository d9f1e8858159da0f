/**
 * Issue 13 §7 in a browser: a lawyer with unread messages sees the count on the dashboard card and in 'Action
 * requise', follows it to /avocat/messages (latest conversation first, unread counts, the last message as text even
 * when it is markup) and finds each case's chat link; the client sees the unread badge on their case list and the
 * message in 'Activité récente'. Messages are seeded through SQL as the chat writes them (the chat page is another
 * part of the issue). An axe scan on each page. Its own server on an embedded database.
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import { assignCaseByAdmin } from "~/modules/cases/admin-cases.server";
import { db } from "~/platform/runtime.server";
import { seedAccount } from "../support/accounts";
import { insertSubmittedCase, seedActor } from "../support/cases";
import { expectNoAxeViolations } from "./support/axe";
import { waitForHydration } from "./support/hydration";
import { seededServer } from "./support/seeded-server";
import { seedStaff, signInAsStaff, type StaffMember } from "./support/staff";

const HOSTILE = `<script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2">`;

test.describe("the lawyer's inbox and the client's unread badges", () => {
  // One server for both tests.
  test.describe.configure({ mode: "serial" });
  let lawyer: StaffMember;
  let client: { email: string; password: string };
  const cases = {} as Record<"busy" | "quiet" | "foreign", { id: string; caseNumber: string }>;

  const app = seededServer(async () => {
    const admin = await seedActor("admin", "Adèle", "Martin");
    lawyer = await seedStaff("lawyer", "Louise", "Lefèvre");
    const lawyerId = (await db().selectFrom("profiles").select("id").where("email", "=", lawyer.email).executeTakeFirstOrThrow()).id;
    const otherLawyer = await seedActor("lawyer", "Marc", "Moreau");
    const seeded = await seedAccount("user", { firstName: "Jeanne", lastName: "Durand" });
    await db().updateTable("profiles").set({ profile_completed: true, identity_verified: true }).where("id", "=", seeded.userId).execute();
    client = seeded;
    cases.quiet = await insertSubmittedCase(seeded.userId);
    cases.busy = await insertSubmittedCase(seeded.userId);
    cases.foreign = await insertSubmittedCase(seeded.userId);
    for (const [theCase, to] of [[cases.quiet, lawyerId], [cases.busy, lawyerId], [cases.foreign, otherLawyer.userId]] as const) {
      expect((await assignCaseByAdmin(admin, { caseId: theCase.id, lawyerId: to })).ok).toBe(true);
    }
    // After the assignments, so that the messages lead the client's recent activity.
    const t = Date.now() + 1000;
    const messages: [string, string, string, boolean][] = [
      [cases.quiet.id, lawyerId, "Bonjour, je suis votre avocate.", true],
      [cases.busy.id, lawyerId, "Pouvez-vous m'envoyer vos relevés ?", false],
      [cases.busy.id, seeded.userId, "Voici mes relevés de mars.", false],
      [cases.busy.id, seeded.userId, "Et ceux d'avril.", false],
      [cases.busy.id, seeded.userId, HOSTILE, false],
      [cases.foreign.id, seeded.userId, "Message pour un autre avocat", false],
    ];
    for (const [index, [caseId, senderId, message, read]] of messages.entries()) {
      await db()
        .insertInto("case_chat_messages")
        .values({ case_id: caseId, sender_id: senderId, message, read_status: read, created_at: new Date(t + index * 60_000) })
        .execute();
    }
  });

  async function newPage(browser: Browser): Promise<Page> {
    const context = await browser.newContext({ baseURL: app.server.baseUrl, locale: "fr-FR" });
    return context.newPage();
  }

  test("a lawyer follows the unread count from the dashboard to the inbox and each case's chat link", async ({ browser }) => {
    test.slow();
    const page = await newPage(browser);
    await signInAsStaff(page, lawyer);

    const card = page.getByRole("definition").filter({ hasText: /^3$/ });
    await expect(page.getByRole("term").filter({ hasText: "Messages non lus" })).toBeVisible();
    await expect(card).toBeVisible();
    const actionBox = page.getByRole("region", { name: "Action requise" });
    await expect(actionBox.getByRole("link", { name: "3 messages non lus dans vos dossiers" })).toHaveAttribute("href", "/avocat/messages");
    await waitForHydration(page);
    await expectNoAxeViolations(page, "/dashboard (avocat, messages non lus)");

    await actionBox.getByRole("link", { name: "3 messages non lus dans vos dossiers" }).click();
    await expect(page).toHaveURL(/\/avocat\/messages$/);
    await expect(page.getByRole("heading", { level: 1, name: "Messages" })).toBeVisible();
    await expect(page.locator("[data-unread-total]")).toContainText("3 messages non lus dans vos dossiers.");

    const conversations = page.getByRole("list", { name: "Conversations de vos dossiers" }).getByRole("listitem");
    await expect(conversations).toHaveCount(2);
    const busy = conversations.nth(0);
    await expect(busy).toContainText(`Dossier ${cases.busy.caseNumber}`);
    await expect(busy.locator("[data-unread-count]")).toHaveText("3 messages non lus");
    // The last message is shown as typed: text, not markup.
    await expect(busy).toContainText(`Jeanne Durand : ${HOSTILE}`);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    await expect(busy.getByRole("link", { name: `Ouvrir la conversation du dossier ${cases.busy.caseNumber}` })).toHaveAttribute(
      "href",
      `/case/${cases.busy.id}/chat`,
    );
    const quiet = conversations.nth(1);
    await expect(quiet).toContainText("Vous : Bonjour, je suis votre avocate.");
    await expect(quiet.locator("[data-unread-count]")).toHaveCount(0);
    await expect(quiet.getByRole("link", { name: /Ouvrir la conversation/ })).toHaveAttribute("href", `/case/${cases.quiet.id}/chat`);
    // Another lawyer's case is not listed.
    await expect(page.getByText(cases.foreign.caseNumber)).toHaveCount(0);

    await expect(page.getByRole("navigation", { name: "Espace de travail" }).getByRole("link", { name: /^Messages/ })).toHaveAttribute("href", "/avocat/messages");
    await waitForHydration(page);
    await expectNoAxeViolations(page, "/avocat/messages");

    await page.getByRole("navigation", { name: "Vues des conversations" }).getByRole("link", { name: "Non lues" }).click();
    await expect(page).toHaveURL(/\/avocat\/messages\?view=non-lues$/);
    await expect(conversations).toHaveCount(1);
    await expect(conversations.nth(0)).toContainText(`Dossier ${cases.busy.caseNumber}`);
    await page.context().close();
  });

  test("the client sees an unread badge on the case and the lawyer's message in the recent activity", async ({ browser }) => {
    test.slow();
    const page = await newPage(browser);
    await page.goto("/connexion");
    await waitForHydration(page);
    await page.getByLabel("Adresse e-mail").fill(client.email);
    await page.getByLabel("Mot de passe", { exact: true }).fill(client.password);
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    const chatLink = page.getByRole("link", { name: new RegExp(`Messagerie du dossier ${cases.busy.caseNumber}`) });
    await expect(chatLink).toHaveAttribute("href", `/case/${cases.busy.id}/chat`);
    await expect(chatLink.locator("[data-unread-badge]")).toHaveText("1 message non lu");
    await expect(page.getByRole("link", { name: new RegExp(`Messagerie du dossier ${cases.quiet.caseNumber}`) }).locator("[data-unread-badge]")).toHaveCount(0);

    const activity = page.getByRole("region", { name: "Activité récente" });
    await expect(activity.getByText("Aucune activité récente")).toHaveCount(0);
    const latest = activity.getByRole("listitem").first();
    await expect(latest).toContainText("Maître Louise Lefèvre vous a écrit");
    await expect(latest).toContainText("« Pouvez-vous m'envoyer vos relevés ? »");
    await expect(latest).toContainText("Non lu");
    await expect(activity.getByRole("link", { name: `Lire le message du dossier ${cases.busy.caseNumber}` })).toHaveAttribute("href", `/case/${cases.busy.id}/chat`);
    await expect(activity.getByText("Nouveau statut : Assigné").first()).toBeVisible();
    await waitForHydration(page);
    await expectNoAxeViolations(page, "/dashboard (client, activité récente)");
    await page.context().close();
  });
});
