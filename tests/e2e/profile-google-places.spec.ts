/**
 * With GOOGLE_MAPS_API_KEY set, on a server of its own. Google is never reached: the Maps script is answered by
 * a stand-in that implements the few Places calls the page makes. The browser still applies the page's
 * Content-Security-Policy before any request leaves, so a script the policy forbade would never get here.
 */
import { expect, test, type Page } from "@playwright/test";
import { fillSignUpForm, submitSignUpForm, uniqueUser } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { waitForHydration } from "./support/hydration";
import { profileForm } from "./support/profile";
import { seededServer } from "./support/seeded-server";

const MAPS_KEY = "AIzaSyE2E-cle_de_test_0123456789abcdef";

/** The Maps JavaScript API as far as the page uses it: importLibrary("places") and the Autocomplete Data API. */
const FAKE_MAPS_SCRIPT = `
(() => {
  const params = new URL(document.currentScript.src).searchParams;
  window.__maps = { params: Object.fromEntries(params), requests: [], details: 0 };
  const places = {
    "fr": {
      id: "place-rivoli", main: "12 Rue de Rivoli", secondary: "Paris, France",
      components: [
        { longText: "12", shortText: "12", types: ["street_number"] },
        { longText: "Rue de Rivoli", shortText: "Rue de Rivoli", types: ["route"] },
        { longText: "Paris", shortText: "Paris", types: ["locality", "political"] },
        { longText: "Paris", shortText: "Paris", types: ["administrative_area_level_2", "political"] },
        { longText: "Île-de-France", shortText: "IDF", types: ["administrative_area_level_1", "political"] },
        { longText: "France", shortText: "FR", types: ["country", "political"] },
        { longText: "75004", shortText: "75004", types: ["postal_code"] },
      ],
    },
    "ca": {
      id: "place-montreal", main: "1000 Rue Sherbrooke Ouest", secondary: "Montréal, QC, Canada",
      components: [
        { longText: "1000", shortText: "1000", types: ["street_number"] },
        { longText: "Rue Sherbrooke Ouest", shortText: "Rue Sherbrooke O", types: ["route"] },
        { longText: "Montréal", shortText: "Montréal", types: ["locality", "political"] },
        { longText: "Québec", shortText: "QC", types: ["administrative_area_level_1", "political"] },
        { longText: "H3A 2R7", shortText: "H3A 2R7", types: ["postal_code"] },
      ],
    },
  };
  class AutocompleteSessionToken {}
  const AutocompleteSuggestion = {
    async fetchAutocompleteSuggestions(request) {
      window.__maps.requests.push({ input: request.input, includedRegionCodes: request.includedRegionCodes, language: request.language });
      const place = places[request.includedRegionCodes[0]];
      return { suggestions: place ? [{ placePrediction: {
        placeId: place.id,
        text: { toString: () => place.main + ", " + place.secondary },
        mainText: { toString: () => place.main },
        secondaryText: { toString: () => place.secondary },
        toPlace() {
          const result = { async fetchFields() { window.__maps.details += 1; result.addressComponents = place.components; } };
          return result;
        },
      } }] : [] };
    },
  };
  window.google = { maps: { importLibrary: async (name) => {
    if (name !== "places") throw new Error("unexpected library " + name);
    return { AutocompleteSessionToken, AutocompleteSuggestion };
  } } };
  window[params.get("callback")]();
})();
`;

test.describe.configure({ mode: "serial" });

// This server is about Places; accounts are used as soon as they are created (no email confirmation).
const app = seededServer(async () => undefined, { env: { GOOGLE_MAPS_API_KEY: MAPS_KEY, EMAIL_VERIFICATION: "false" } });

/** Every request to a Google origin, and the stand-in for the Maps script (or a failure, to test the fallback). */
async function watchGoogle(page: Page, script: "fake" | "unreachable"): Promise<string[]> {
  const requested: string[] = [];
  page.on("request", (request) => {
    if (/google|gstatic/.test(new URL(request.url()).hostname)) requested.push(request.url());
  });
  await page.route(/^https:\/\/[^/]*(googleapis|gstatic|google)\.com\//, (route) => {
    const url = new URL(route.request().url());
    if (script === "fake" && url.hostname === "maps.googleapis.com" && url.pathname === "/maps/api/js") {
      return route.fulfill({ status: 200, contentType: "text/javascript", body: FAKE_MAPS_SCRIPT });
    }
    return route.abort();
  });
  return requested;
}

async function signUp(page: Page) {
  await page.goto(`${app.server.baseUrl}/inscription`);
  await fillSignUpForm(page, uniqueUser());
  await submitSignUpForm(page);
  await expect(page).toHaveURL(/\/dashboard$/);
}

test("Places suggestions fill address, city, postal code and department, restricted to the country, in French", async ({ page }) => {
  const requested = await watchGoogle(page, "fake");
  await signUp(page);
  expect(requested).toEqual([]);

  const response = await page.goto(`${app.server.baseUrl}/complete-profile`);
  const csp = response?.headers()["content-security-policy"] ?? "";
  expect(csp).toMatch(/script-src 'self' 'nonce-[^']+' https:\/\/maps\.googleapis\.com;/);
  expect(csp).toContain("connect-src 'self' https://maps.googleapis.com https://places.googleapis.com;");
  await waitForHydration(page);
  // Nothing is loaded from Google until the address field is used.
  expect(requested).toEqual([]);

  const form = profileForm(page);
  const address = page.getByRole("combobox", { name: "Adresse", exact: true });
  await address.click();
  await address.pressSequentially("12 rue de Riv");
  const list = page.getByRole("listbox", { name: "Adresses proposées" });
  await expect(list).toBeVisible();
  await expect(address).toHaveAttribute("aria-expanded", "true");
  expect(requested.map((url) => new URL(url).hostname)).toEqual(["maps.googleapis.com"]);
  const params = await page.evaluate(() => (window as unknown as { __maps: { params: Record<string, string> } }).__maps.params);
  expect(params).toMatchObject({ key: MAPS_KEY, language: "fr" });
  await expect(page.getByText("Suggestions fournies par Google")).toBeVisible();
  await expectNoAxeViolations(page, "/complete-profile (suggestions Google)");

  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("option", { name: /12 Rue de Rivoli/ })).toHaveAttribute("aria-selected", "true");
  await expect(address).toHaveAttribute("aria-activedescendant", /suggestions-0$/);
  await page.keyboard.press("Enter");
  await expect(list).toBeHidden();
  await expect(form.address).toHaveValue("12 Rue de Rivoli");
  await expect(form.postalCode).toHaveValue("75004");
  await expect(form.city).toHaveValue("Paris");
  await expect(form.department).toHaveValue("Paris");
  await expect(page).toHaveURL(/\/complete-profile$/);

  // Canada: suggestions restricted to Canada; no second level there, the province stands in.
  await form.country.selectOption("canada");
  await address.fill("");
  await address.pressSequentially("1000 rue Sher");
  await page.getByRole("option", { name: /1000 Rue Sherbrooke Ouest/ }).click();
  await expect(form.postalCode).toHaveValue("H3A 2R7");
  await expect(form.city).toHaveValue("Montréal");
  await expect(form.department).toHaveValue("Québec");

  // Escape closes the list without choosing.
  await address.fill("");
  await address.pressSequentially("1000 rue");
  await expect(list).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(list).toBeHidden();
  await expect(address).toHaveValue("1000 rue");

  const requests = await page.evaluate(
    () => (window as unknown as { __maps: { requests: { includedRegionCodes: string[]; language: string }[] } }).__maps.requests,
  );
  expect(new Set(requests.map((request) => request.language))).toEqual(new Set(["fr"]));
  expect(requests[0]!.includedRegionCodes).toEqual(["fr"]);
  expect(requests.at(-1)!.includedRegionCodes).toEqual(["ca"]);

  await address.fill("1000 Rue Sherbrooke Ouest");
  await form.birthDate.fill("05-05-1975");
  await form.privacy.check();
  await form.terms.check();
  await page.getByRole("button", { name: "Enregistrer mon profil" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("region", { name: "Mon profil" })).toContainText("Complété");
  // Back on the dashboard: still nothing loaded from Google there.
  const count = requested.length;
  await page.reload();
  expect(requested).toHaveLength(count);
});

test("when Google cannot be reached, the address is typed by hand and the French lookup still works", async ({ page }) => {
  await watchGoogle(page, "unreachable");
  await signUp(page);
  await page.goto(`${app.server.baseUrl}/complete-profile`);
  await waitForHydration(page);
  const form = profileForm(page);
  await form.address.click();
  await expect(page.getByText("Les suggestions d'adresse ne sont pas disponibles : saisissez votre adresse.")).toBeAttached();
  await form.address.fill("3 rue Sainte-Catherine");
  await expect(form.address).toHaveValue("3 rue Sainte-Catherine");
  await expect(page.getByRole("listbox")).toBeHidden();
  await form.postalCode.fill("33000");
  await expect(form.city).toHaveValue("Bordeaux");
  await expect(form.department).toHaveValue("Gironde");
});
