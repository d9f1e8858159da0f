/**
 * Issue 31, the recoveries ledger in a browser: the lawyer records two sums and reverses one from the case page; the
 * client reads the entries, the net total and the fees, is told by e-mail without any amount, and downloads the
 * detailed account. An axe scan on both pages. Its own server on an embedded database; the agreement in force is
 * seeded through the modules (proposal, signature, countersignature, the seal job's work).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { parisIsoDay } from "~/lib/format";
import { proposalSchema } from "~/modules/agreements/agreements.schema";
import {
  agreementPanelFor,
  countersign,
  proposeAgreement,
  requestSigningCode,
  sealCountersignedAgreement,
  signAsClient,
} from "~/modules/agreements/agreements.server";
import { startFileStorage, useFileStorage } from "~/modules/files/files.server";
import { db, stopRuntime } from "~/platform/runtime.server";
import { seedEnrolledAccount } from "../support/accounts";
import { latestSigningCode } from "../support/agreements";
import { actorFor, giveBarDetails, insertSubmittedCase, seedPerson } from "../support/cases";
import { freePort, startProductionServer, type RunningServer } from "../support/production-server";
import { persistentDatabaseTarget, startTestRuntimeOn, testEnv } from "../support/test-database";
import { pdfFile } from "../support/upload-fixtures";
import { expectNoAxeViolations } from "./support/axe";
import { waitForHydration } from "./support/hydration";
import { waitForMail } from "./support/mail";
import { signInAsStaff, type StaffMember } from "./support/staff";
import { totpCode } from "./support/two-factor";

const SECRET = "recoveries-e2e-secret-recoveries-e2e-secret-0123456";
const SMTP_URL = `smtp://127.0.0.1:${Number(process.env.E2E_PORT ?? 3210) + 1}`;
const ORIGIN = { ipAddress: "203.0.113.9", userAgent: "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0" };

test.describe("the recoveries ledger, from the lawyer's entries to the client's detailed account", () => {
  test.describe.configure({ mode: "serial" });
  let server: RunningServer;
  let database: Awaited<ReturnType<typeof persistentDatabaseTarget>>;
  let lawyer: StaffMember & { userId: string };
  let client: Awaited<ReturnType<typeof seedPerson>>;
  let theCase: { id: string; caseNumber: string };
  const downloads = mkdtempSync(path.join(tmpdir(), "recours-recuperations-e2e-"));

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    database = await persistentDatabaseTarget("pglite");
    await startTestRuntimeOn(database.target, { AUTH_SECRET: SECRET });
    // The seal stores the signed PDF where the server will read it.
    await startFileStorage(testEnv({ AUTH_SECRET: SECRET, ...database.serverEnv }), db);
    lawyer = { ...(await seedEnrolledAccount("lawyer", { firstName: "Hugo", lastName: "Marchand" })), firstName: "Hugo", lastName: "Marchand" };
    await giveBarDetails(lawyer.userId, "Barreau de Nantes", "N-3141");
    await db().updateTable("profiles").set({ profile_completed: true, address: "2 place Royale", postal_code: "44000", city: "Nantes" }).where("id", "=", lawyer.userId).execute();
    client = await seedPerson("user", "Roseline", { verified: true, email: `roseline-${Date.now()}@recuperations.example` });
    theCase = await insertSubmittedCase(client.userId, { amount: "9000" });
    await db().updateTable("cases").set({ assigned_lawyer_id: lawyer.userId, assigned_at: new Date(), status: "in_progress" }).where("id", "=", theCase.id).execute();
    await db()
      .insertInto("case_payments")
      .values({ case_id: theCase.id, paid_on: "2025-10-03", amount: "9000.00", method: "bank_transfer", beneficiary_kind: "iban", beneficiary: "FR7630006000011234567890189" })
      .execute();

    const lawyerActor = actorFor("lawyer", lawyer.userId, lawyer.email, "Hugo", "Marchand");
    const proposed = await proposeAgreement(lawyerActor, theCase.id, proposalSchema.parse({ baseFee: "500", resultPercent: "15", foreseenCosts: "" }));
    if (!proposed.ok) throw new Error(JSON.stringify(proposed));
    const panel = await agreementPanelFor(client, theCase.id);
    await requestSigningCode(client, theCase.id, proposed.agreementId);
    const signed = await signAsClient(
      client,
      theCase.id,
      { agreementId: proposed.agreementId, documentSha256: panel.current!.documentSha256, consent: "on", earlyStart: true, password: client.password, code: await latestSigningCode(client.email) },
      ORIGIN,
    );
    if (!signed.ok) throw new Error(JSON.stringify(signed));
    const countersigned = await countersign(lawyerActor, theCase.id, { agreementId: proposed.agreementId, documentSha256: panel.current!.documentSha256, code: await totpCode(lawyer.manualKey) }, ORIGIN);
    if (!countersigned.ok) throw new Error(JSON.stringify(countersigned));
    // The seal job's work, run here; the queued e-mails are left to the server's worker.
    expect(await sealCountersignedAgreement(db(), proposed.agreementId)).toBe("sealed");
    expect((await agreementPanelFor(client, theCase.id)).current?.state).toBe("active");
    useFileStorage(undefined);
    await stopRuntime();
    server = await startProductionServer({ ...database.serverEnv, AUTH_SECRET: SECRET, LOG_LEVEL: "warn", PORT: String(await freePort()), SMTP_URL });
  });
  test.afterAll(async () => {
    await server?.stop();
    await database?.drop();
    rmSync(downloads, { recursive: true, force: true });
  });

  async function clientPage(browser: Browser): Promise<Page> {
    const context = await browser.newContext({ baseURL: server.baseUrl, locale: "fr-FR", viewport: { width: 390, height: 844 }, hasTouch: true });
    const page = await context.newPage();
    await page.goto("/connexion");
    await waitForHydration(page);
    await page.getByLabel("Adresse e-mail").fill(client.email);
    await page.getByLabel("Mot de passe", { exact: true }).fill(client.password);
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    return page;
  }

  test("the lawyer records two sums and reverses one; the client reads them and downloads the detailed account", async ({ browser }) => {
    test.setTimeout(240_000);
    const today = parisIsoDay(new Date());
    const typedToday = `${today.slice(8, 10)}-${today.slice(5, 7)}-${today.slice(0, 4)}`;

    const lawyerContext = await browser.newContext({ baseURL: server.baseUrl, locale: "fr-FR" });
    const lawyerPage = await lawyerContext.newPage();
    await signInAsStaff(lawyerPage, lawyer);
    await lawyerPage.goto(`/case/${theCase.id}`);
    await waitForHydration(lawyerPage);
    const section = lawyerPage.locator("[data-recoveries]");
    await expect(section.getByRole("heading", { name: "Sommes récupérées" })).toBeVisible();
    await expectNoAxeViolations(lawyerPage, "/case/:id (avocat, sommes récupérées)");

    // A bad amount: the error summary, nothing saved.
    const form = section.locator("[data-recovery-form]");
    await form.getByLabel("Date de récupération").fill(typedToday);
    await form.getByLabel("Montant récupéré, en euros").fill("0");
    await form.getByLabel("Origine de la somme").selectOption("rappel-de-fonds");
    await form.getByRole("button", { name: "Enregistrer la somme récupérée" }).click();
    await expect(form.locator("[data-error-summary]")).toContainText("Le montant récupéré doit être supérieur à zéro");

    await form.getByLabel("Montant récupéré, en euros").fill("1 234,56");
    await form.getByLabel(/^Paiement du 03\/10\/2025/).check();
    await form.getByLabel("Note (facultatif)").fill("Rappel SEPA accepté par la banque");
    await form.getByLabel("Justificatif (facultatif)").setInputFiles({ name: "avis-de-rappel.pdf", mimeType: "application/pdf", buffer: await pdfFile({ marker: "rappel" }) });
    await form.getByRole("button", { name: "Enregistrer la somme récupérée" }).click();
    await expect(lawyerPage.getByRole("status")).toContainText("Somme récupérée enregistrée");

    const again = lawyerPage.locator("[data-recovery-form]");
    await again.getByLabel("Date de récupération").fill(typedToday);
    await again.getByLabel("Montant récupéré, en euros").fill("2 000");
    await again.getByLabel("Origine de la somme").selectOption("chargeback");
    await again.getByRole("button", { name: "Enregistrer la somme récupérée" }).click();
    await expect(lawyerPage.locator("[data-recovery-entry]")).toHaveCount(2);

    const second = lawyerPage.locator("[data-recovery-entry]").nth(1);
    await second.getByText("Contre-passer cette entrée").click();
    await second.getByLabel("Raison de la contre-passation").fill("Rétrofacturation contestée par le commerçant");
    await second.getByRole("button", { name: /^Contre-passer/ }).click();
    await expect(lawyerPage.locator("[data-recovery-entry]")).toHaveCount(3);
    await expect(lawyerPage.locator("[data-recovered-total]")).toHaveText(/^1\s?234,56\s€$/);

    // The client: an e-mail per sum, without any amount; the entries, the net total, the fees; the PDF.
    const mail = await waitForMail(client.email, /a enregistré une somme récupérée/);
    expect(`${mail.subject} ${mail.text}`).not.toMatch(/€|1\s?234|2\s?000/);
    const page = await clientPage(browser);
    await page.goto(`/case/${theCase.id}`);
    const clientSection = page.locator("[data-recoveries]");
    await expect(clientSection.locator("[data-recovery-entry]")).toHaveCount(3);
    await expect(clientSection.locator('[data-recovery-entry="reversal"]')).toContainText("Rétrofacturation contestée par le commerçant");
    await expect(clientSection.locator("[data-recovered-total]")).toHaveText(/^1\s?234,56\s€$/);
    // 15 % of 1 234,56 € = 185,18 € HT, 222,22 € TTC; the base fee is payable at the end of the case.
    await expect(clientSection.locator("[data-net-to-client]")).toHaveText(/^1\s?012,34\s€$/);
    await expect(clientSection.getByRole("link", { name: "Télécharger le justificatif" })).toHaveCount(1);
    await expect(clientSection.locator("[data-recovery-form]")).toHaveCount(0);
    await expect(clientSection.getByText("Contre-passer cette entrée")).toHaveCount(0);
    await expectNoAxeViolations(page, "/case/:id (client, sommes récupérées, 390 px)");

    const started = page.waitForEvent("download", { timeout: 30_000 });
    await clientSection.getByRole("link", { name: "Télécharger le compte détaillé (PDF)" }).click();
    const file = path.join(downloads, "compte-detaille.pdf");
    await (await started).saveAs(file);
    expect(readFileSync(file).subarray(0, 5).toString()).toBe("%PDF-");
    const text = spawnSync("pdftotext", ["-enc", "UTF-8", file, "-"], { encoding: "utf8" }).stdout.replace(/[\s\u00a0\u202f]+/g, " ");
    expect(text).toContain(`Compte détaillé`);
    expect(text).toContain(theCase.caseNumber);
    expect(text).toContain("Net revenant au client : 1 012,34 €");
    expect(text).toContain("Contre-passation : Rétrofacturation contestée par le commerçant");
  });

  test("without JavaScript, the lawyer's form answers with the error summary, then records the sum", async ({ browser }) => {
    test.setTimeout(180_000);
    const today = parisIsoDay(new Date());
    const context = await browser.newContext({ baseURL: server.baseUrl, locale: "fr-FR", javaScriptEnabled: false });
    const page = await context.newPage();
    await signInAsStaff(page, lawyer, false);
    await page.goto(`/case/${theCase.id}`);
    const form = page.locator("[data-recovery-form]");
    await form.getByLabel("Date de récupération").fill(`${today.slice(8, 10)}-${today.slice(5, 7)}-${today.slice(0, 4)}`);
    await form.getByLabel("Montant récupéré, en euros").fill("1 000 000 000");
    await form.getByLabel("Origine de la somme").selectOption("decision-de-justice");
    await form.getByRole("button", { name: "Enregistrer la somme récupérée" }).click();
    const summary = page.locator("[data-recovery-form] [data-error-summary]");
    await expect(summary).toContainText("Il y a 1 erreur");
    await expect(summary).toContainText("Le montant ne peut pas dépasser 999 999 999,99 €");
    await expect(page.locator("[data-recovery-entry]")).toHaveCount(3);
    await expectNoAxeViolations(page, "/case/:id (avocat, erreur sans JavaScript)", { javaScript: false });

    await page.locator("[data-recovery-form]").getByLabel("Montant récupéré, en euros").fill("10");
    await page.locator("[data-recovery-form]").getByRole("button", { name: "Enregistrer la somme récupérée" }).click();
    await expect(page.locator("[data-recovery-entry]")).toHaveCount(4);
    await expect(page.locator("[data-recovered-total]")).toHaveText(/^1\s?244,56\s€$/);
    await context.close();
  });
});
