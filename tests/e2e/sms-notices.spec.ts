/**
 * Issue 32, part 4 (decision 0087): the "Avis par SMS" option of /compte. The run's shared server has no SMS provider:
 * the option is absent. A server of its own, started with a provider (a fake one, a real HTTP server in this test),
 * shows it: opting in with JavaScript, an SMS sent by the server's worker when the person's case is submitted, opting
 * out without JavaScript, and a person without a mobile number sent to the profile.
 */
import { randomUUID } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { saveCaseDraft } from "~/modules/cases/cases.server";
import { smsTextFor } from "~/modules/notifications/sms-texts";
import { db } from "~/platform/runtime.server";
import { seedAccount } from "../support/accounts";
import { draftInput, giveBarDetails, seedPerson, setAllocation } from "../support/cases";
import { startFakeSmsProvider, type FakeSmsProvider } from "../support/sms-provider";
import { signInOnServer, signUpThroughUi } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { waitForHydration } from "./support/hydration";
import { seededServer } from "./support/seeded-server";

const smsSection = (page: Page) => page.getByRole("region", { name: "Avis par SMS" });

test("without an SMS provider, /compte offers no SMS option", async ({ page }) => {
  await signUpThroughUi(page);
  await page.goto("/compte");
  await expect(page.getByRole("heading", { level: 1, name: "Mon compte" })).toBeVisible();
  await expect(smsSection(page)).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Recevoir aussi les avis par SMS" })).toHaveCount(0);
  await expect(page.getByRole("main")).not.toContainText("Avis par SMS");
});

test.describe("with an SMS provider", () => {
  // One server for the block: its tests run in one worker, one after the other.
  test.describe.configure({ mode: "serial" });
  let provider: FakeSmsProvider;
  let withMobile: { email: string; password: string };
  let draftNumber: string;
  let withoutMobile: { email: string; password: string };

  test.beforeAll(async () => {
    provider = await startFakeSmsProvider();
  });
  const app = seededServer(async () => {
    // Verified, with a complete draft and one lawyer taking every case: submitting it assigns it at once, an event
    // that goes by SMS ("dossier-assigne").
    const lawyer = await seedPerson("lawyer", "Louise");
    await giveBarDetails(lawyer.userId);
    await setAllocation(lawyer.userId, 100);
    const solange = await seedPerson("user", "Solange", { verified: true });
    withMobile = { email: solange.email, password: solange.password };
    const draftId = randomUUID();
    await saveCaseDraft(solange, draftId, draftInput());
    draftNumber = (await db().selectFrom("cases").select("case_number").where("id", "=", draftId).executeTakeFirstOrThrow()).case_number;
    const nadia = await seedAccount("user", { firstName: "Nadia", lastName: "Sansmobile" });
    await db().updateTable("profiles").set({ phone_mobile: null }).where("id", "=", nadia.userId).execute();
    withoutMobile = { email: nadia.email, password: nadia.password };
  }, { env: () => ({ SMS_PROVIDER_URL: provider.url, SMS_PROVIDER_TOKEN: provider.token }) });
  test.afterAll(async () => {
    await provider?.close();
  });

  test("a person opts in, sees since when, gets an SMS when their case is submitted, then opts out as easily (without JavaScript)", async ({ browser }) => {
    test.slow();
    const page = await signInOnServer(browser, app.server.baseUrl, withMobile);
    await page.goto("/compte");
    await waitForHydration(page);
    const section = smsSection(page);
    await expect(section).toContainText("Désactivés");
    await expect(section).toContainText("+33 6 12 34 56 78");
    await expect(section).toContainText("Il ne contient jamais le contenu d'un message");
    await expect(page.locator("html")).not.toContainText(provider.url);
    expect(await page.content()).not.toContain(provider.token);
    await expectNoAxeViolations(page, "/compte (avis par SMS désactivés)");

    await section.getByRole("button", { name: "Recevoir aussi les avis par SMS" }).click();
    await expect(page.getByRole("status")).toContainText("Avis par SMS activés");
    await expect(section).toContainText(/Activés depuis le \d{2}\/\d{2}\/\d{4} à \d{2}:\d{2}/);
    await expect(section.getByRole("button", { name: "Ne plus recevoir les avis par SMS" })).toBeVisible();
    await expectNoAxeViolations(page, "/compte (avis par SMS activés)");
    // Choosing sends nothing by itself; submitting the case does, through the server's own job worker.
    expect(provider.received).toEqual([]);
    await page.goto("/dashboard");
    await waitForHydration(page);
    await page.getByRole("button", { name: `Soumettre le dossier ${draftNumber}` }).click();
    await expect(page.getByText("Dossier soumis avec succès")).toBeVisible();
    await expect.poll(() => provider.received.length, { timeout: 15_000 }).toBe(1);
    expect(provider.received[0]!.body).toMatchObject({ to: "+33612345678", text: smsTextFor("dossier-assigne"), from: "Recours" });
    expect(provider.received[0]!.authorization).toBe(`Bearer ${provider.token}`);
    expect(String(provider.received[0]!.body.text)).not.toContain(draftNumber);
    await page.context().close();

    const plain = await signInOnServer(browser, app.server.baseUrl, withMobile, { javaScriptEnabled: false });
    await plain.goto("/compte");
    await smsSection(plain).getByRole("button", { name: "Ne plus recevoir les avis par SMS" }).click();
    await expect(plain).toHaveURL(/\/compte$/);
    await expect(plain.getByRole("status")).toContainText("Avis par SMS désactivés");
    await expect(smsSection(plain)).toContainText("Désactivés");
    await expect(smsSection(plain).getByRole("button", { name: "Recevoir aussi les avis par SMS" })).toBeVisible();
    await expectNoAxeViolations(plain, "/compte sans JavaScript", { javaScript: false });
    await plain.context().close();
    expect(provider.received).toHaveLength(1);
  });

  test("a person without a mobile number is told so and sent to the profile to add one", async ({ browser }) => {
    const page = await signInOnServer(browser, app.server.baseUrl, withoutMobile);
    await page.goto("/compte");
    const section = smsSection(page);
    await expect(section).toContainText("Votre profil n'indique pas de numéro de mobile");
    await expect(section.getByRole("button", { name: "Recevoir aussi les avis par SMS" })).toHaveCount(0);
    await expect(section.getByRole("link", { name: "Indiquer mon numéro de mobile" })).toHaveAttribute("href", "/complete-profile");
    await expectNoAxeViolations(page, "/compte (sans numéro de mobile)");

    // A crafted post: 409 with the reason in French, nothing stored; a bad choice 400.
    const origin = { origin: new URL(app.server.baseUrl).origin };
    const optIn = await page.request.post("/compte", { form: { intent: "sms-notices", choice: "on" }, headers: origin, maxRedirects: 0 });
    expect(optIn.status()).toBe(409);
    expect(await optIn.text()).toContain("Indiquez d&#x27;abord votre numéro de mobile dans votre profil");
    const bad = await page.request.post("/compte", { form: { intent: "sms-notices", choice: "oui" }, headers: origin, maxRedirects: 0 });
    expect(bad.status()).toBe(400);
    await page.reload();
    await expect(smsSection(page)).toContainText("Désactivés");
    await page.context().close();
  });
});
