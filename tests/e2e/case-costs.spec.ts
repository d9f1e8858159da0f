/**
 * Issue 31, costs the client approves, in a browser: the lawyer proposes a cost on the case page; the client approves
 * it through the dialog, and declines another without JavaScript through the confirmation page. An axe scan on both
 * sides. Its own server on an embedded database; the agreement in force is inserted directly.
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import { parisIsoDay } from "~/lib/format";
import { costSchema } from "~/modules/recoveries/recoveries.schema";
import { proposeCost } from "~/modules/recoveries/recoveries.server";
import { actorFor, seedPerson } from "../support/cases";
import { caseWithActiveAgreement } from "../support/invoicing";
import { signInOnServer } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { waitForHydration } from "./support/hydration";
import { seededServer } from "./support/seeded-server";
import { seedStaff, signInAsStaff, type StaffMember } from "./support/staff";

test.describe("costs and disbursements, from the lawyer's proposal to the client's answer", () => {
  test.describe.configure({ mode: "serial" });
  let lawyer: StaffMember & { userId: string };
  let client: Awaited<ReturnType<typeof seedPerson>>;
  let caseId: string;

  const app = seededServer(async () => {
    lawyer = await seedStaff("lawyer", "Hugo", "Marchand");
    client = await seedPerson("user", "Roseline", { verified: true, email: `roseline-${Date.now()}@frais.example` });
    ({ caseId } = await caseWithActiveAgreement(client.userId, lawyer.userId));
    // A second cost waiting, for the answer without JavaScript.
    const today = parisIsoDay(new Date());
    const waiting = await proposeCost(actorFor("lawyer", lawyer.userId, lawyer.email, "Hugo", "Marchand"), caseId, costSchema.parse({ costLabel: "Traduction", incurredOn: today, costAmount: "80", costNote: "" }));
    if (!waiting.ok) throw new Error(JSON.stringify(waiting));
  });

  async function clientPage(browser: Browser, javaScriptEnabled: boolean): Promise<Page> {
    const page = await signInOnServer(browser, app.server.baseUrl, client, { javaScriptEnabled });
    await page.goto(`/case/${caseId}`);
    return page;
  }

  test("the lawyer proposes a cost, the client approves it in the dialog and declines another without JavaScript", async ({ browser }) => {
    test.setTimeout(180_000);
    const today = parisIsoDay(new Date());
    const lawyerPage = await (await browser.newContext({ baseURL: app.server.baseUrl, locale: "fr-FR" })).newPage();
    await signInAsStaff(lawyerPage, lawyer);
    await lawyerPage.goto(`/case/${caseId}`);
    await waitForHydration(lawyerPage);
    const form = lawyerPage.locator("[data-entry-form=cost]");
    await form.getByLabel("Nature du frais ou du débours").fill("Frais d'huissier");
    await form.getByLabel("Date").fill(`${today.slice(8, 10)}-${today.slice(5, 7)}-${today.slice(0, 4)}`);
    await form.getByLabel("Montant hors taxes, en euros").fill("0");
    await form.getByRole("button", { name: "Proposer ce frais au client" }).click();
    await expect(form.locator("[data-error-summary]")).toContainText("Le montant doit être supérieur à zéro");
    await form.getByLabel("Montant hors taxes, en euros").fill("150,40");
    await form.getByRole("button", { name: "Proposer ce frais au client" }).click();
    await expect(lawyerPage.getByRole("status")).toContainText("Frais proposé");
    await expect(lawyerPage.locator('[data-cost="pending"]')).toHaveCount(2);
    await expectNoAxeViolations(lawyerPage, "/case/:id (avocat, frais)");

    const page = await clientPage(browser, true);
    await waitForHydration(page);
    await expect(page.locator("[data-costs-pending]")).toContainText("2 frais attendent votre réponse.");
    await expectNoAxeViolations(page, "/case/:id (client, frais à approuver)");
    const huissier = page.locator("[data-cost]").filter({ hasText: "Frais d'huissier" });
    await huissier.getByRole("button", { name: /^Approuver 150,40/ }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Oui, j'approuve ce frais" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Frais approuvé" })).toBeVisible();
    await expect(page.locator('[data-cost="approved"]')).toContainText("Frais d'huissier");
    // 150,40 € of costs in the figures (the base fee of 500 € is due at signature).
    await expect(page.locator("[data-recovery-fees]")).toContainText(/Frais et débours approuvés \(HT\)150,40\s€/);

    const noScript = await clientPage(browser, false);
    await noScript.locator("[data-cost]").filter({ hasText: "Traduction" }).getByRole("button", { name: "Refuser" }).click();
    await expect(noScript.getByRole("heading", { name: "Refuser ce frais\u202f?" })).toBeVisible();
    await expectNoAxeViolations(noScript, "confirmation du refus d'un frais (sans JavaScript)", { javaScript: false });
    await noScript.getByRole("button", { name: "Oui, je refuse ce frais" }).click();
    await expect(noScript.locator('[data-cost="declined"]')).toContainText("Traduction");
    await expect(noScript.locator("[data-costs-pending]")).toHaveCount(0);

    // Crafted posts with each side's session: the other side's action is the case's 404; a second answer, a
    // withdrawal of an answered cost and a bad amount are French 4xx; never a 500.
    const approvedId = await page.locator('[data-cost="approved"]').getAttribute("data-cost-id");
    const post = (on: Page, intent: string, form: Record<string, string>) =>
      on.request.post(`/case/${caseId}?intent=${intent}`, { form, headers: { Origin: app.server.baseUrl }, maxRedirects: 0 });
    expect((await post(page, "cost", { costLabel: "Frais", incurredOn: today, costAmount: "10", costNote: "" })).status()).toBe(404);
    expect((await post(page, "fee-payment", { receivedOn: today, paidAmount: "10", paidFor: "Honoraire", paidNote: "" })).status()).toBe(404);
    expect((await post(lawyerPage, "cost-decision", { costId: approvedId!, decision: "approve", confirmation: "oui" })).status()).toBe(404);
    const twice = await post(page, "cost-decision", { costId: approvedId!, decision: "decline", confirmation: "oui" });
    expect(twice.status()).toBe(409);
    expect(await twice.text()).toContain("Ce frais a déjà reçu une réponse");
    const withdrawn = await post(lawyerPage, "cost-withdrawal", { costId: approvedId!, confirmation: "oui" });
    expect(withdrawn.status()).toBe(409);
    expect(await withdrawn.text()).toContain("il ne peut plus être retiré");
    const zero = await post(lawyerPage, "fee-payment", { receivedOn: today, paidAmount: "0", paidFor: "Honoraire", paidNote: "" });
    expect(zero.status()).toBe(400);
    expect(await zero.text()).toContain("Le montant reçu doit être supérieur à zéro");
    const garbage = await post(page, "cost-decision", { costId: "pas-un-id", decision: "approve", confirmation: "oui" });
    expect(garbage.status()).toBe(404);
  });
});
