/**
 * Issue 30, the fee agreement in a browser: the lawyer proposes it, the client reads it in the page and signs with
 * their password and the code e-mailed to them, the lawyer countersigns with their authenticator app, and both
 * download the sealed PDF, which pdfsig accepts as signed in full. An axe scan on each step. Its own server on an
 * embedded database, seeded through the modules; e-mails go to the test mailbox.
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { db } from "~/platform/runtime.server";
import { giveBarDetails, insertSubmittedCase, seedPerson } from "../support/cases";
import { expectNoAxeViolations } from "./support/axe";
import { waitForHydration } from "./support/hydration";
import { assignLawyer, MAIL_SINK_ENV, seededServer } from "./support/seeded-server";
import { waitForMail } from "./support/mail";
import { signInOnPhone } from "./support/accounts";
import { seedStaff, signInAsStaff, type StaffMember } from "./support/staff";
import { totpCode } from "./support/two-factor";


/**
 * A proposal renders its PDF in the request, and a signature checks the password behind the hashing slot every spec's
 * sign-ins share: on a loaded 2-core machine either answer took over 10 s.
 */
const PDF_POST_MS = 30_000;

test.describe("the fee agreement, from the proposal to the sealed PDF", () => {
  test.describe.configure({ mode: "serial" });
  let lawyer: StaffMember & { userId: string };
  let client: Awaited<ReturnType<typeof seedPerson>>;
  let theCase: { id: string; caseNumber: string };
  const downloads = mkdtempSync(path.join(tmpdir(), "recours-convention-e2e-"));

  const app = seededServer(async () => {
    lawyer = await seedStaff("lawyer", "Louise", "Lefèvre");
    await giveBarDetails(lawyer.userId, "Barreau de Lyon", "L-2042");
    await db().updateTable("profiles").set({ profile_completed: true, address: "12 quai Saint-Antoine", postal_code: "69002", city: "Lyon" }).where("id", "=", lawyer.userId).execute();
    client = await seedPerson("user", "Colette", { verified: true, email: `colette-${Date.now()}@convention.example` });
    theCase = await insertSubmittedCase(client.userId, { amount: "18500" });
    await assignLawyer(theCase.id, lawyer.userId, "assigned");
  }, { env: MAIL_SINK_ENV });
  test.afterAll(async () => {
    rmSync(downloads, { recursive: true, force: true });
  });

  async function download(page: Page, name: RegExp): Promise<Buffer> {
    const started = page.waitForEvent("download", { timeout: 30_000 });
    await page.getByRole("link", { name }).click();
    const file = path.join(downloads, `${Date.now()}-${Math.random()}.pdf`);
    await (await started).saveAs(file);
    return readFileSync(file);
  }

  test("proposal → the client signs with the e-mailed code → the lawyer countersigns → both download the sealed PDF", async ({ browser }) => {
    test.setTimeout(300_000);
    const conventionUrl = `/case/${theCase.id}/convention`;

    // The lawyer proposes.
    const lawyerContext = await browser.newContext({ baseURL: app.server.baseUrl, locale: "fr-FR" });
    const lawyerPage = await lawyerContext.newPage();
    await signInAsStaff(lawyerPage, lawyer);
    await lawyerPage.goto(`/case/${theCase.id}`);
    await expect(lawyerPage.locator("[data-agreement-card]")).toContainText("le dossier ne peut passer");
    await lawyerPage.locator("[data-agreement-card]").getByRole("link", { name: "Proposer la convention" }).click();
    await expect(lawyerPage).toHaveURL(new RegExp(`${conventionUrl}$`));
    await waitForHydration(lawyerPage);
    await expectNoAxeViolations(lawyerPage, "/case/:id/convention (proposer)");
    await lawyerPage.getByLabel(/^Honoraire de résultat/).fill("quinze");
    await lawyerPage.getByRole("button", { name: "Envoyer la convention au client" }).click();
    await expect(lawyerPage.getByText("Indiquez le pourcentage de résultat, par exemple 15 ou 12,5.").first()).toBeVisible();
    await lawyerPage.getByLabel(/^Honoraire de résultat/).fill("12,5");
    await lawyerPage.getByRole("button", { name: "Envoyer la convention au client" }).click();
    await expect(lawyerPage.getByRole("status")).toContainText("Convention envoyée", { timeout: PDF_POST_MS });
    await expect(lawyerPage.locator("[data-agreement-state]").first()).toHaveAttribute("data-agreement-state", "proposed");

    // The client is told by e-mail (no amount), reads the PDF in the page, asks for a code and signs.
    const proposed = await waitForMail(client.email, /^Votre avocat vous propose une convention d'honoraires/);
    expect(proposed.text).not.toMatch(/€|%/);
    const page = await signInOnPhone(browser, app.server.baseUrl, client);
    await page.goto(`/case/${theCase.id}`);
    await page.locator("[data-agreement-card]").getByRole("link", { name: "Lire et signer la convention" }).click();
    await expect(page).toHaveURL(new RegExp(`${conventionUrl}$`));
    await waitForHydration(page);
    const sha = (await page.locator("[data-document-sha256]").textContent())!.trim();
    expect(sha).toMatch(/^[0-9a-f]{64}$/);
    await expect(page.getByRole("heading", { name: "Lire et signer la convention" })).toBeVisible();
    // pdf.js loads on first use and parses in its own worker: on a loaded 2-core machine that alone took over 20 s.
    // Waiting for either outcome first makes a failed preview fail here with its message, not with a timeout.
    const preview = page.locator("canvas").first();
    await expect(preview.or(page.getByText("L'aperçu de ce PDF n'a pas pu être affiché."))).toBeVisible({ timeout: 60_000 });
    await expect(preview).toBeVisible();
    await expectNoAxeViolations(page, "/case/:id/convention (signer, 390 px)");
    await page.getByRole("button", { name: "Recevoir mon code par e-mail" }).click();
    await expect(page.getByRole("status")).toContainText("Code envoyé");
    const codeMail = await waitForMail(client.email, /^Votre code pour signer la convention d'honoraires$/);
    const code = /(\d{6})\s+Il est valable 10 minutes/.exec(codeMail.text)![1]!;

    await page.getByRole("button", { name: "Signer la convention" }).click();
    await expect(page.getByText("Cochez la case pour confirmer que vous avez lu la convention et que vous l'acceptez.").first()).toBeVisible();
    await page.getByLabel(/J'ai lu la convention d'honoraires ci-dessus/).check();
    await page.getByLabel("Votre mot de passe").fill(client.password);
    await page.getByLabel("Code reçu par e-mail (6 chiffres)").fill(code === "000000" ? "111111" : "000000");
    await page.getByRole("button", { name: "Signer la convention" }).click();
    await expect(page.getByText("Ce code n'est pas le bon. Vérifiez le dernier e-mail reçu.").first()).toBeVisible();
    await page.getByLabel(/J'ai lu la convention d'honoraires ci-dessus/).check();
    await page.getByLabel("Votre mot de passe").fill(client.password);
    await page.getByLabel("Code reçu par e-mail (6 chiffres)").fill(code);
    await page.getByRole("button", { name: "Signer la convention" }).click();
    await expect(page.getByRole("status")).toContainText("Convention signée", { timeout: PDF_POST_MS });
    await expect(page.locator("[data-agreement-state]").first()).toHaveAttribute("data-agreement-state", "signed");

    // The lawyer countersigns with the authenticator app; the page waits for the seal.
    await waitForMail(lawyer.email, /la convention est signée par votre client$/);
    await lawyerPage.goto(conventionUrl);
    await waitForHydration(lawyerPage);
    await expectNoAxeViolations(lawyerPage, "/case/:id/convention (contre-signer)");
    await lawyerPage.getByLabel("Code de votre application d'authentification (6 chiffres)").fill(await totpCode(lawyer.manualKey));
    await lawyerPage.getByRole("button", { name: "Contre-signer la convention" }).click();
    await expect(lawyerPage.locator("[data-agreement-state]").first()).toHaveAttribute("data-agreement-state", "active", { timeout: 60_000 });
    await expectNoAxeViolations(lawyerPage, "/case/:id/convention (en vigueur)");
    const forLawyer = await download(lawyerPage, /^Télécharger la convention signée/);

    // The client downloads the same sealed file; pdfsig accepts the signature over the whole document.
    await page.goto(conventionUrl);
    await expect(page.getByRole("link", { name: "Me rétracter" })).toBeVisible();
    const forClient = await download(page, /^Télécharger la convention signée/);
    expect(createHash("sha256").update(forClient).digest("hex")).toBe(createHash("sha256").update(forLawyer).digest("hex"));
    const sealedFile = path.join(downloads, "scellee.pdf");
    writeFileSync(sealedFile, forClient);
    const pdfsig = spawnSync("pdfsig", [sealedFile], { encoding: "utf8" });
    expect(pdfsig.stdout).toContain("Signature is Valid");
    expect(pdfsig.stdout).toContain("Total document signed");
    const text = spawnSync("pdftotext", ["-enc", "UTF-8", sealedFile, "-"], { encoding: "utf8" }).stdout.replace(/\s+/g, " ");
    expect(text).toContain(sha);

    // The history tells it; the lawyer may now start the work.
    await page.goto(`/case/${theCase.id}`);
    await expect(page.locator("[data-timeline]")).toContainText("Convention scellée");
    await expectNoAxeViolations(page, "/case/:id with an agreement in force (390 px)");
    await lawyerPage.goto(`/case/${theCase.id}`);
    await lawyerPage.locator("[data-status-change]").getByRole("button", { name: /Passer en cours/ }).click();
    await expect(lawyerPage.getByRole("status")).toContainText("Statut du dossier mis à jour");
    await lawyerContext.close();
    await page.context().close();
  });
});
