/**
 * Issue 32, document requests, in a browser: the lawyer asks for two documents with a due date on the case page; the
 * client sends one through the evidence upload and answers "je ne l'ai pas" for the other (without JavaScript, a
 * missing reason first); the lawyer accepts the file. The checklist follows on both sides, and so does the overdue
 * count on the lawyer's dashboard (an item seeded past its date, answered by the client). An axe scan on each page.
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import { parisIsoDay } from "~/lib/format";
import { addDays } from "~/modules/case-file/deadlines";
import { db } from "~/platform/runtime.server";
import { insertSubmittedCase, seedPerson } from "../support/cases";
import { pdfFile } from "../support/upload-fixtures";
import { signInOnServer } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { waitForHydration } from "./support/hydration";
import { assignLawyer, seededServer } from "./support/seeded-server";
import { seedStaff, signInAsStaff, type StaffMember } from "./support/staff";

test.describe("document requests, from the lawyer's checklist to the client's answers", () => {
  test.describe.configure({ mode: "serial" });
  let lawyer: StaffMember & { userId: string };
  let client: Awaited<ReturnType<typeof seedPerson>>;
  let caseId: string;
  let document: Buffer;

  const app = seededServer(async () => {
    document = await pdfFile({ marker: "releve" });
    lawyer = await seedStaff("lawyer", "Hugo", "Marchand");
    client = await seedPerson("user", "Roseline", { verified: true, email: `roseline-${Date.now()}@documents.example` });
    caseId = (await insertSubmittedCase(client.userId)).id;
    await assignLawyer(caseId, lawyer.userId, "in_progress");
    // Asked earlier, its date now past: the dashboard's overdue count starts at one.
    await db()
      .insertInto("case_document_requests")
      .values({ case_id: caseId, kind: "identity_document", label: "Pièce d'identité", due_on: addDays(parisIsoDay(), -3), requested_by: lawyer.userId, status_changed_by: lawyer.userId })
      .execute();
  });

  async function clientPage(browser: Browser, javaScriptEnabled: boolean): Promise<Page> {
    const page = await signInOnServer(browser, app.server.baseUrl, client, { javaScriptEnabled });
    await page.goto(`/case/${caseId}`);
    return page;
  }

  const overdueCard = (page: Page) => page.locator("dl > div").filter({ hasText: "Documents en retard" }).locator("dd").first();
  const item = (page: Page, label: string) => page.locator("[data-document-request]").filter({ has: page.getByRole("heading", { name: label }) });

  test("the lawyer asks, the client sends one and has not the other, the lawyer accepts", async ({ browser }) => {
    test.setTimeout(180_000);
    const due = addDays(parisIsoDay(), 7);
    const typedDue = `${due.slice(8, 10)}-${due.slice(5, 7)}-${due.slice(0, 4)}`;
    const yesterday = addDays(parisIsoDay(), -1);

    // The lawyer's dashboard counts the item past its date.
    const lawyerPage = await (await browser.newContext({ baseURL: app.server.baseUrl, locale: "fr-FR" })).newPage();
    await signInAsStaff(lawyerPage, lawyer);
    await lawyerPage.goto("/dashboard");
    await expect(overdueCard(lawyerPage)).toHaveText("1");
    await expect(lawyerPage.getByRole("link", { name: /1 document demandé en retard/ })).toBeVisible();
    await expectNoAxeViolations(lawyerPage, "/dashboard (avocat, document en retard)");

    // Two requests, one at a time; a date already past is refused with a French field error first.
    await lawyerPage.goto(`/case/${caseId}`);
    await waitForHydration(lawyerPage);
    const form = lawyerPage.locator("[data-document-request-form]");
    await form.getByLabel("Document", { exact: true }).selectOption({ label: "Relevé bancaire" });
    await form.getByLabel(/À fournir au plus tard le/).fill(`${yesterday.slice(8, 10)}-${yesterday.slice(5, 7)}-${yesterday.slice(0, 4)}`);
    await form.getByRole("button", { name: "Demander ce document" }).click();
    await expect(form.locator("[data-error-summary]")).toContainText("La date limite ne peut pas être déjà passée");
    await form.getByLabel(/À fournir au plus tard le/).fill(typedDue);
    await form.getByLabel("Note pour le client (facultatif)").fill("Les trois derniers mois");
    await form.getByRole("button", { name: "Demander ce document" }).click();
    await expect(lawyerPage.getByRole("status").filter({ hasText: "Document demandé" })).toBeVisible();
    await form.getByLabel("Document", { exact: true }).selectOption({ label: "Autre document (à préciser)" });
    await form.getByLabel("Document à préciser").fill("Contrat de prêt");
    await form.getByLabel(/À fournir au plus tard le/).fill(typedDue);
    await form.getByRole("button", { name: "Demander ce document" }).click();
    await expect(lawyerPage.locator('[data-document-request="requested"]')).toHaveCount(3);
    await expectNoAxeViolations(lawyerPage, "/case/:id (avocat, documents demandés)");

    // The client sees the checklist, the overdue item marked, and sends a file against the statement.
    const page = await clientPage(browser, true);
    await waitForHydration(page);
    await expect(item(page, "Pièce d'identité")).toContainText("En retard");
    await expect(item(page, "Relevé bancaire")).toContainText("Les trois derniers mois");
    await expect(page.locator("[data-overdue]")).toHaveCount(1);
    await expectNoAxeViolations(page, "/case/:id (client, documents demandés)");
    await item(page, "Relevé bancaire").locator('input[type="file"]').setInputFiles({ name: "releve-avril.pdf", mimeType: "application/pdf", buffer: document });
    await item(page, "Relevé bancaire").getByRole("button", { name: /^Envoyer le fichier/ }).click();
    await expect(item(page, "Relevé bancaire")).toHaveAttribute("data-document-request", "provided");
    await expect(item(page, "Relevé bancaire")).toContainText("releve-avril.pdf");
    // And the overdue identity document too: it no longer counts as late.
    await item(page, "Pièce d'identité").locator('input[type="file"]').setInputFiles({ name: "identite.pdf", mimeType: "application/pdf", buffer: document });
    await item(page, "Pièce d'identité").getByRole("button", { name: /^Envoyer le fichier/ }).click();
    await expect(item(page, "Pièce d'identité")).toHaveAttribute("data-document-request", "provided");
    await expect(page.locator("[data-overdue]")).toHaveCount(0);

    // "Je ne l'ai pas", without JavaScript: the reason is required.
    const noScript = await clientPage(browser, false);
    const loan = item(noScript, "Contrat de prêt");
    await loan.getByText("Je ne l'ai pas", { exact: true }).click();
    await loan.getByRole("button", { name: "Indiquer que je ne l'ai pas" }).click();
    await expect(item(noScript, "Contrat de prêt").getByText("Expliquez en quelques mots pourquoi vous n'avez pas ce document.")).toBeVisible();
    await expect(item(noScript, "Contrat de prêt").getByLabel(/Pourquoi ne l'avez-vous pas/)).toHaveAttribute("aria-invalid", "true");
    await expectNoAxeViolations(noScript, "/case/:id (client, raison manquante, sans JavaScript)", { javaScript: false });
    await item(noScript, "Contrat de prêt").getByLabel(/Pourquoi ne l'avez-vous pas/).fill("Le prêt était verbal");
    await item(noScript, "Contrat de prêt").getByRole("button", { name: "Indiquer que je ne l'ai pas" }).click();
    await expect(item(noScript, "Contrat de prêt")).toHaveAttribute("data-document-request", "unavailable");
    await expect(item(noScript, "Contrat de prêt")).toContainText("Le prêt était verbal");

    // The lawyer sees each state and accepts the statement: closed, nothing more to send.
    await lawyerPage.goto(`/case/${caseId}`);
    await expect(item(lawyerPage, "Relevé bancaire")).toContainText("Fourni");
    await expect(item(lawyerPage, "Relevé bancaire").getByRole("link", { name: "releve-avril.pdf" })).toBeVisible();
    await expect(item(lawyerPage, "Contrat de prêt")).toContainText("Le client n'a pas ce document\u202f: Le prêt était verbal");
    await item(lawyerPage, "Relevé bancaire").getByRole("button", { name: /^Accepter/ }).click();
    await expect(item(lawyerPage, "Relevé bancaire")).toHaveAttribute("data-document-request", "accepted");
    await expectNoAxeViolations(lawyerPage, "/case/:id (avocat, document accepté)");
    await page.reload();
    await expect(item(page, "Relevé bancaire")).toContainText("Accepté");
    await expect(item(page, "Relevé bancaire").locator('input[type="file"]')).toHaveCount(0);

    await lawyerPage.goto("/dashboard");
    await expect(overdueCard(lawyerPage)).toHaveText("0");
  });
});
