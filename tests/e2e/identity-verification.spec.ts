/**
 * Identity verification, end to end in a browser: a person with a completed profile goes through the five steps
 * (JPEG recto/verso, a passport, a PDF proof of address), an admin rejects one group with a reason, the person sees
 * the reason on the dashboard and resubmits, the admin approves everything, and the dashboard says 'Identité vérifiée'.
 * Both outcome emails arrive through real SMTP.
 * Runs its own server (its embedded database is seeded before the server opens it).
 */
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { createFileStorage } from "~/modules/files/files.server";
import { filesystemStore } from "~/modules/files/object-store.server";
import { completeTutorial, reviewDocumentGroup, reviewQueue, submitIdentityStep } from "~/modules/identity/identity.server";
import { identityMessages, REJECTION_REASONS, reviewQuerySchema } from "~/modules/identity/identity.schema";
import { writeProfileFields } from "~/modules/profile/sensitive-fields.server";
import { db, runtime } from "~/platform/runtime.server";
import { seedAccount } from "../support/accounts";
import { actorFor } from "../support/cases";
import { jpegFile, pdfFile } from "../support/upload-fixtures";
import { expectNoAxeViolations } from "./support/axe";
import { waitForHydration } from "./support/hydration";
import { MAIL_SINK_ENV, seededServer } from "./support/seeded-server";
import { waitForMail } from "./support/mail";
import { seedStaff, signInAsStaff, type StaffMember } from "./support/staff";

/** Pixels of a canvas that are neither blank nor transparent white: what pdf.js actually drew. */
function inkedPixels(canvas: Locator): Promise<number> {
  return canvas.evaluate((element) => {
    const surface = element as HTMLCanvasElement;
    if (surface.width === 0 || surface.height === 0) return 0;
    const { data } = surface.getContext("2d")!.getImageData(0, 0, surface.width, surface.height);
    let inked = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i + 3]! > 0 && data[i]! + data[i + 1]! + data[i + 2]! < 600) inked += 1;
    return inked;
  });
}

/** The multipart form the step page posts, for seeding through the module. */
function stepForm(fields: Record<string, string>, parts: Record<string, { name: string; bytes: Buffer }>): Request {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [field, part] of Object.entries(parts)) form.append(field, new Blob([new Uint8Array(part.bytes)]), part.name);
  return new Request("http://localhost/verify-identity", { method: "POST", body: form });
}

/** An upload answers once its files are checked in the bounded worker pool, which waits its turn when other specs load the machine. */
const UPLOAD_CHECKED_MS = 30_000;

test.describe("identity verification journey", () => {
  test.describe.configure({ mode: "serial" });
  let admin: StaffMember;
  let client: { email: string; password: string };
  /** Sent all four steps; step 2 rejected, steps 3 and 4 approved. */
  let resender: { email: string; password: string };
  const files = {} as Record<"recto" | "verso" | "passport" | "bill", string>;

  // Emails go through real SMTP to the run's test mailbox.
  const app = seededServer(async (database) => {
    const seededAdmin = await seedStaff("admin", "Adèle", "Martin");
    admin = seededAdmin;
    const seeded = await seedAccount("user", { firstName: "Jeanne", lastName: "Durand" });
    await db()
      .updateTable("profiles")
      .set({ profile_completed: true, address: "8 rue Victor Hugo", postal_code: "69002", city: "Lyon" })
      .where("id", "=", seeded.userId)
      .execute();
    await writeProfileFields(db(), runtime().keyring, seeded.userId, { birthDate: "1952-06-30", nif: null });
    client = seeded;
    const bytes = {
      recto: await jpegFile(),
      verso: await jpegFile({ width: 1100 }),
      passport: await jpegFile({ width: 1000, height: 1300 }),
      bill: await pdfFile({ pages: 2 }),
    };

    const second = await seedAccount("user", { firstName: "Marc", lastName: "Roux" });
    await db()
      .updateTable("profiles")
      .set({ profile_completed: true, address: "3 place Bellecour", postal_code: "69002", city: "Lyon" })
      .where("id", "=", second.userId)
      .execute();
    await writeProfileFields(db(), runtime().keyring, second.userId, { birthDate: "1949-02-11", nif: null });
    const person = actorFor("user", second.userId, second.email, "Marc", "Roux");
    // Stored where the server started on this folder finds them, sealed with the same key.
    if (database.target.engine !== "pglite") throw new Error("base embarquée attendue");
    const storage = createFileStorage({ db: db(), store: filesystemStore(path.join(database.target.dataDir, "files")), keyring: runtime().keyring });
    await completeTutorial(person);
    const jpeg = (name: string, data: Buffer) => ({ name, bytes: data });
    for (const [step, request] of [
      [2, stepForm({ documentType: "cni" }, { recto: jpeg("cni-recto.jpg", bytes.recto), verso: jpeg("cni-verso.jpg", bytes.verso) })],
      [3, stepForm({ documentType: "passeport" }, { recto: jpeg("passeport.jpg", bytes.passport) })],
      [4, stepForm({ proofType: "facture_gaz" }, { document: { name: "facture.pdf", bytes: bytes.bill } })],
    ] as const) {
      const sent = await submitIdentityStep(person, step, request, { storage });
      if (!sent.ok) throw new Error(sent.message);
    }
    const reviewer = actorFor("admin", seededAdmin.userId, seededAdmin.email, "Adèle", "Martin");
    const groups = (await reviewQueue(reviewer, reviewQuerySchema.parse({ q: second.email }))).groups;
    const groupOf = (step: number) => groups.find((group) => group.stepNumber === step)!.groupId;
    expect(await reviewDocumentGroup(reviewer, { decision: "reject", documentId: groupOf(2), reason: REJECTION_REASONS[0] })).toMatchObject({ ok: true });
    // Steps 3 and 4 approved: no group of this person's waits in the queue the first test works through.
    for (const step of [3, 4]) expect(await reviewDocumentGroup(reviewer, { decision: "approve", documentId: groupOf(step) })).toMatchObject({ ok: true });
    resender = second;

    const dir = await mkdtemp(path.join(tmpdir(), "recours-identity-e2e-"));
    for (const name of ["recto", "verso", "passport", "bill"] as const) {
      files[name] = path.join(dir, `${name}.${name === "bill" ? "pdf" : "jpg"}`);
      await writeFile(files[name], bytes[name]);
    }
  }, { env: MAIL_SINK_ENV });

  async function clientPage(
    browser: import("@playwright/test").Browser,
    person = client,
    viewport?: { width: number; height: number },
  ): Promise<Page> {
    const context = await browser.newContext({ baseURL: app.server.baseUrl, locale: "fr-FR", ...(viewport ? { viewport } : {}) });
    const page = await context.newPage();
    await page.goto("/connexion");
    await waitForHydration(page);
    await page.getByLabel("Adresse e-mail").fill(person.email);
    await page.getByLabel("Mot de passe", { exact: true }).fill(person.password);
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    return page;
  }

  async function adminPage(browser: import("@playwright/test").Browser): Promise<Page> {
    const context = await browser.newContext({ baseURL: app.server.baseUrl, locale: "fr-FR" });
    const page = await context.newPage();
    await signInAsStaff(page, admin);
    return page;
  }

  test("five steps, a rejection with its reason, a resubmission, then full approval", async ({ browser }) => {
    test.setTimeout(180_000);
    const page = await clientPage(browser);
    await page.goto("/verify-identity");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { name: "Étape 1 sur 5 : Tutoriel" })).toBeVisible();
    await expect(page.getByRole("img", { name: /Exemple/ }).first()).toBeVisible();
    await expectNoAxeViolations(page, "/verify-identity (tutoriel)");
    await page.getByRole("button", { name: "J'ai compris, commencer" }).click();

    await expect(page.getByRole("heading", { name: /Étape 2 sur 5/ })).toBeVisible();
    await waitForHydration(page);
    await page.getByRole("radio", { name: "Carte d'identité" }).check();
    await page.getByLabel(/^Recto/).setInputFiles(files.recto);
    await page.getByLabel(/^Verso/).setInputFiles(files.verso);
    await expect(page.getByRole("img", { name: /Aperçu : Recto/ })).toBeVisible();
    await expectNoAxeViolations(page, "/verify-identity (étape 2)");
    await page.getByRole("button", { name: "Envoyer" }).click();

    await expect(page.getByRole("heading", { name: /Étape 3 sur 5/ })).toBeVisible({ timeout: UPLOAD_CHECKED_MS });
    // Sent is not done: the step waits for review.
    await expect(page.getByRole("link", { name: "Étape 2 : Première pièce d'identité, en vérification" })).toBeVisible();
    await waitForHydration(page);
    await expect(page.getByRole("radio", { name: "Carte d'identité" })).toHaveCount(0);
    await page.getByRole("radio", { name: "Passeport" }).check();
    await page.getByLabel("Page photo du passeport").setInputFiles(files.passport);
    await page.getByRole("button", { name: "Envoyer" }).click();

    await expect(page.getByRole("heading", { name: /Étape 4 sur 5/ })).toBeVisible({ timeout: UPLOAD_CHECKED_MS });
    await waitForHydration(page);
    await page.getByRole("radio", { name: "Facture d'électricité" }).check();
    await page.getByLabel("Justificatif de domicile", { exact: true }).setInputFiles(files.bill);
    await page.getByRole("button", { name: "Envoyer" }).click();

    await expect(page.getByRole("heading", { name: /Étape 5 sur 5/ })).toBeVisible({ timeout: UPLOAD_CHECKED_MS });
    await expect(page.getByRole("heading", { name: "Documents en cours de vérification" })).toBeVisible();
    await expectNoAxeViolations(page, "/verify-identity (statut)");

    // The admin rejects the passport.
    const reviewer = await adminPage(browser);
    const policyViolations: string[] = [];
    reviewer.on("console", (message) => {
      if (/Content.Security.Policy|Refused to/i.test(message.text())) policyViolations.push(message.text());
    });
    await reviewer.getByRole("link", { name: "Examiner maintenant" }).click();
    await expect(reviewer.getByRole("heading", { level: 1, name: "Documents d'identité" })).toBeVisible();
    await expect(reviewer.getByText("3 groupe(s) en attente")).toBeVisible();
    await expect(reviewer.getByText("30-06-1952").first()).toBeVisible();
    await expectNoAxeViolations(reviewer, "/admin/documents");
    const passport = reviewer.getByRole("listitem").filter({ has: reviewer.getByRole("heading", { name: /Passeport · étape 3/ }) });
    // Zoom on the photo, by keyboard and by buttons.
    await waitForHydration(reviewer);
    const photo = passport.getByRole("group", { name: /passport\.jpg.* zoom 100 %/ });
    await photo.focus();
    await reviewer.keyboard.press("+");
    await expect(passport.getByText("Zoom : 150 %")).toBeVisible();
    await passport.getByRole("button", { name: "Zoom avant" }).click();
    await expect(passport.getByText("Zoom : 200 %")).toBeVisible();
    await passport.getByRole("button", { name: "Zoom arrière" }).click();
    await expect(passport.getByText("Zoom : 150 %")).toBeVisible();
    await passport.getByRole("button", { name: "Réinitialiser" }).click();
    await expect(passport.getByText("Zoom : 100 %")).toBeVisible();
    // The PDF proof of address is drawn inline by pdf.js (bundled, worker from our origin), page by page, with zoom.
    const bill = reviewer.getByRole("listitem").filter({ has: reviewer.getByRole("heading", { name: /étape 4/ }) });
    const firstPage = bill.getByRole("img", { name: /^Page 1 sur 2 : bill\.pdf/ });
    await expect(firstPage).toBeVisible();
    await expect(bill.getByText("2 pages", { exact: true })).toBeVisible();
    await expect(bill.getByRole("img", { name: /^Page 2 sur 2/ })).toHaveCount(1);
    await expect.poll(() => inkedPixels(firstPage), { message: "the first page has visible ink" }).toBeGreaterThan(50);
    const fittedWidth = (await firstPage.boundingBox())!.width;
    const pdf = bill.getByRole("group", { name: /bill\.pdf, PDF, zoom/ });
    await expect(pdf).toHaveAccessibleName(/zoom 100[\s\u202f]%/);
    await pdf.focus();
    await reviewer.keyboard.press("+");
    await expect(bill.getByText("Zoom : 150 %")).toBeVisible();
    await bill.getByRole("button", { name: "Zoom avant" }).click();
    await expect(bill.getByText("Zoom : 200 %")).toBeVisible();
    await expect.poll(async () => (await firstPage.boundingBox())!.width).toBeGreaterThan(fittedWidth * 1.9);
    await expect.poll(() => inkedPixels(firstPage)).toBeGreaterThan(50);
    await bill.getByRole("button", { name: "Zoom arrière" }).click();
    await expect(bill.getByText("Zoom : 150 %")).toBeVisible();
    await pdf.press("0");
    await expect(bill.getByText("Zoom : 100 %")).toBeVisible();
    await expect(bill.getByRole("link", { name: /^Ouvrir/ })).toBeVisible();
    await expect(bill.getByRole("link", { name: /^Télécharger/ })).toBeVisible();
    await expectNoAxeViolations(reviewer, "/admin/documents (aperçu PDF)");
    expect(policyViolations, "no Content-Security-Policy violation on the console").toEqual([]);
    // When the file cannot be had (link refused, storage down), a French message and the two fallbacks remain.
    await reviewer.route("**/fichiers/**", (route) => route.fulfill({ status: 403, contentType: "text/plain", body: "Ce lien n'est pas valable." }));
    await reviewer.reload();
    await expect(bill.getByRole("alert")).toHaveText(/L'aperçu de ce PDF n'a pas pu être affiché/);
    await expect(bill.getByRole("link", { name: /^Télécharger/ })).toBeVisible();
    await reviewer.unroute("**/fichiers/**");
    await reviewer.reload();
    await expect(firstPage).toBeVisible();

    await passport.getByLabel("Raison du rejet").selectOption("Photo floue ou illisible");
    await passport.getByRole("button", { name: /Rejeter/ }).click();
    await expect(reviewer.getByText("Document rejeté").first()).toBeVisible();
    const rejection = await waitForMail(client.email, /Un document est à renvoyer/);
    expect(rejection.text).toContain("Photo floue ou illisible");

    // The person sees the reason and resubmits.
    await page.goto("/dashboard");
    await expect(page.getByText("Raison : Photo floue ou illisible")).toBeVisible();
    await page.getByRole("link", { name: "Reprendre la vérification" }).first().click();
    await expect(page.getByRole("heading", { name: /Étape 3 sur 5/ })).toBeVisible({ timeout: UPLOAD_CHECKED_MS });
    await expect(page.getByText("Documents rejetés - Resoumission requise")).toBeVisible();
    await waitForHydration(page);
    await page.getByRole("radio", { name: "Passeport" }).check();
    await page.getByLabel("Page photo du passeport").setInputFiles(files.passport);
    await page.getByRole("button", { name: "Envoyer" }).click();
    // Step 4 was sent already: the re-sent document leads to the status, not to step 4's form.
    await expect(page.getByRole("heading", { name: /Étape 5 sur 5/ })).toBeVisible({ timeout: UPLOAD_CHECKED_MS });

    // The admin approves all three groups.
    for (let i = 0; i < 3; i += 1) {
      await reviewer.goto("/admin/documents?status=pending");
      // The console loads the PDF viewer lazily: a click during hydration can be lost.
      await waitForHydration(reviewer);
      await reviewer.getByRole("button", { name: /^Approuver/ }).first().click();
      await expect(reviewer.getByText("Document approuvé").first()).toBeVisible();
    }
    await page.goto("/dashboard");
    await expect(page.getByText("Identité vérifiée").first()).toBeVisible();
    const verified = await waitForMail(client.email, /Votre identité est vérifiée/);
    expect(verified.text).toContain("Bonjour Jeanne");
    await expectNoAxeViolations(page, "/dashboard (identité vérifiée)");
  });

  test("the steps say the truth: waiting is 'en vérification', a missing verso is the verso's error, a re-sent step leads to the status", async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const page = await clientPage(browser, resender, { width: 390, height: 844 });
    const steps = page.getByRole("navigation", { name: "Étapes de la vérification" });
    await page.goto("/verify-identity");
    await waitForHydration(page);
    // The rejected step opens; the approved ones are green.
    await expect(page.getByRole("heading", { name: /Étape 2 sur 5/ })).toBeVisible();
    await expect(steps.getByRole("link", { name: "Étape 2 : Première pièce d'identité, rejetée" })).toBeVisible();
    await expect(steps.getByRole("link", { name: "Étape 3 : Seconde pièce d'identité, validée" })).toContainText("✓");
    await expect(steps.getByRole("link", { name: "Étape 4 : Justificatif de domicile, validée" })).toContainText("✓");
    await expectNoAxeViolations(page, "/verify-identity (étape rejetée, 390 px)");

    // A residence permit without its verso: the verso field says it, before anything is uploaded.
    await page.getByRole("radio", { name: "Carte de séjour" }).check();
    await page.getByLabel(/^Recto/).setInputFiles(files.recto);
    await page.getByRole("button", { name: "Envoyer" }).click();
    const verso = page.getByLabel(/^Verso/);
    await expect(verso).toHaveAttribute("aria-invalid", "true");
    await expect(verso).toHaveAccessibleDescription(identityMessages.missingVerso);
    const summary = page.locator("[data-error-summary]");
    await expect(summary).toBeFocused();
    await expect(summary.getByRole("link", { name: identityMessages.missingVerso })).toHaveAttribute("href", "#champ-verso");
    await expect(page.getByLabel(/^Recto/)).not.toHaveAttribute("aria-invalid", "true");
    await expect(page.getByRole("heading", { name: /Étape 2 sur 5/ })).toBeVisible();
    await expectNoAxeViolations(page, "/verify-identity (verso manquant, 390 px)");

    // With its verso it goes; steps 3 and 4 are approved, so the person lands on the status, not on step 3's form,
    // and the re-sent step waits for review in yellow, not as a green 'terminée'.
    await verso.setInputFiles(files.verso);
    await page.getByRole("button", { name: "Envoyer" }).click();
    await expect(page.getByRole("heading", { name: /Étape 5 sur 5/ })).toBeVisible({ timeout: UPLOAD_CHECKED_MS });
    const waiting = steps.getByRole("link", { name: "Étape 2 : Première pièce d'identité, en vérification" });
    await expect(waiting).toContainText("en vérification");
    await expect(waiting).not.toContainText("✓");
    await expect(waiting.locator("span").first()).toHaveClass(/bg-amber-300/);
    await expect(steps.getByText("terminée", { exact: true })).toHaveCount(1); // the tutorial only
    await page.setViewportSize({ width: 1280, height: 800 });
    await expectNoAxeViolations(page, "/verify-identity (statut, 1280 px)");
    await waiting.click();
    await expect(page.getByRole("heading", { name: /Étape 2 sur 5/ })).toBeVisible();
    await expect(page.getByText("en cours de vérification par notre équipe")).toBeVisible();
    await expectNoAxeViolations(page, "/verify-identity (étape en vérification, 1280 px)");
  });
});
