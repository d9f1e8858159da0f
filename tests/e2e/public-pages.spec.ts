import { expect, test, type Page } from "@playwright/test";
import { figures, publicPagePaths, scamSlugs } from "~/content/site";
import { expectNoAxeViolations } from "./support/axe";

const SCRIPTED_PAGES = new Set(["/connexion", "/inscription"]);

/** Watches a page for console errors and for any request that leaves the site's origin. */
function watch(page: Page, origin: string) {
  const errors: string[] = [];
  const foreign: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("request", (request) => {
    const url = request.url();
    if (!url.startsWith(`${origin}/`) && !url.startsWith("data:")) foreign.push(url);
  });
  return { errors, foreign };
}

async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => JSON.parse(text) as Record<string, unknown>);
}

async function linkTarget(page: Page, name: string | RegExp): Promise<string | null> {
  return page.getByRole("main").getByRole("link", { name, exact: typeof name === "string" }).first().getAttribute("href");
}

test.describe("every public page", () => {
  for (const path of publicPagePaths()) {
    test(`${path}: 200, title, one h1, canonical, axe, no console error, no other origin, links resolve`, async ({
      page,
      baseURL,
    }) => {
      const origin = baseURL!;
      const seen = watch(page, origin);
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(/^.+ - Recours$/);
      await expect(page.locator("h1")).toHaveCount(1);
      expect(await page.locator('meta[name="description"]').getAttribute("content")).toBeTruthy();
      expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(`${origin}${path}`);
      expect(await page.locator('meta[property="og:url"]').getAttribute("content")).toBe(`${origin}${path}`);
      for (const data of await jsonLd(page)) expect(data["@context"]).toBe("https://schema.org");

      // Headings go down one level at a time.
      const levels = await page.locator("h1, h2, h3, h4").evaluateAll((nodes) => nodes.map((node) => Number(node.tagName[1])));
      levels.reduce((previous, level) => {
        expect(level, `heading levels ${levels.join(",")}`).toBeLessThanOrEqual(previous + 1);
        return level;
      }, 1);

      await expectNoAxeViolations(page, path);

      // In-page anchors point at something; internal links answer 200.
      const anchors = await page.locator('a[href^="#"]').evaluateAll((links) => links.map((link) => link.getAttribute("href")!));
      for (const anchor of new Set(anchors)) await expect(page.locator(anchor), anchor).toHaveCount(1);
      const hrefs = await page.locator('a[href^="/"]').evaluateAll((links) => links.map((link) => link.getAttribute("href")!));
      for (const href of new Set(hrefs)) {
        const target = await page.request.get(href, { maxRedirects: 0 });
        expect(target.status(), `${path} → ${href}`).toBe(200);
      }

      // Content pages ship no script (decision 11); the forms keep theirs.
      const scripts = (await response!.text()).match(/<script(?![^>]*application\/ld\+json)[^>]*>/g) ?? [];
      if (SCRIPTED_PAGES.has(path)) expect(scripts.length).toBeGreaterThan(0);
      else expect(scripts).toEqual([]);
      expect(seen.errors).toEqual([]);
      expect(seen.foreign).toEqual([]);
    });
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("every public page is complete in the server's HTML", async ({ page }) => {
    for (const path of publicPagePaths()) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 }), path).toBeVisible();
      await expect(page.getByRole("contentinfo")).toContainText("Mentions légales");
    }
    // The FAQ opens with the keyboard, without any script.
    await page.goto("/fonctionnement");
    const question = page.getByRole("main").locator("details summary").first();
    const answer = page.getByRole("main").locator("details p").first();
    await expect(answer).toBeHidden();
    await question.focus();
    await page.keyboard.press("Enter");
    await expect(answer).toBeVisible();
  });

  test("the mobile menu opens with the keyboard", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto("/");
    const menu = page.getByText("Menu", { exact: true });
    await menu.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("navigation", { name: "Navigation principale" }).getByRole("link", { name: "Témoignages" })).toBeVisible();
  });
});

test.describe("calls to action follow the spec", () => {
  test("home: hero, scam cards, lawyer recruitment, final call to action", async ({ page }) => {
    await page.goto("/");
    const main = page.getByRole("main");
    const recover = main.getByRole("link", { name: "Récupérer mon argent maintenant" });
    await expect(recover).toHaveCount(2);
    for (const link of await recover.all()) expect(await link.getAttribute("href")).toBe("/inscription");
    expect(await linkTarget(page, "Comment ça marche ?")).toBe("/fonctionnement");
    expect(await linkTarget(page, "Rejoindre le réseau")).toBe("/avocats");
    for (const slug of scamSlugs) await expect(main.locator(`a[href="/arnaques/${slug}"]`)).toHaveCount(1);
    // Card figures: 'autre' shows 'Variable' and no acceptance rate.
    const other = main.getByRole("listitem").filter({ has: page.locator('a[href="/arnaques/autre"]') });
    await expect(other).toContainText("Variable");
    await expect(other).not.toContainText("Dossiers acceptés");
    const bank = main.getByRole("listitem").filter({ has: page.locator('a[href="/arnaques/faux-conseiller-bancaire"]') });
    await expect(bank).toContainText("80 %");
    await expect(bank).toContainText("95 %");
    await expect(main).toContainText("Nos engagements");
  });

  const scamCtas: Record<string, { primary: string; secondary: string }> = {
    "arnaque-president": { primary: "Récupérer mon argent maintenant", secondary: "Procédure d'urgence" },
    "usurpation-identite": { primary: "Récupérer mon argent maintenant", secondary: "Restaurer mon identité" },
    autre: { primary: "Analyse gratuite de mon cas", secondary: "Comment ça marche ?" },
  };

  for (const slug of scamSlugs) {
    test(`/arnaques/${slug}: breadcrumb, calls to action, first steps`, async ({ page }) => {
      await page.goto(`/arnaques/${slug}`);
      const crumbs = page.getByRole("navigation", { name: "Fil d'Ariane" });
      expect(await crumbs.getByRole("link", { name: "Accueil" }).getAttribute("href")).toBe("/");
      const expected = scamCtas[slug] ?? { primary: "Récupérer mon argent maintenant", secondary: "Comment ça marche ?" };
      // Sign-up, then the wizard with the page's type chosen in advance (issue 29).
      const wizard = slug === "autre" ? "/create-case" : `/create-case?type=${slug}`;
      expect(await linkTarget(page, expected.primary)).toBe(`/inscription?redirectTo=${encodeURIComponent(wizard)}`);
      expect(await linkTarget(page, expected.secondary)).toBe("/fonctionnement");
      expect(await page.getByRole("main").locator('a[href="/premiers-reflexes"]').count()).toBeGreaterThan(0);
      const data = await jsonLd(page);
      const breadcrumb = data.find((item) => item["@type"] === "BreadcrumbList") as { itemListElement: { name: string }[] };
      expect(breadcrumb.itemListElement.map((item) => item.name)[0]).toBe("Accueil");
      const faqShown = (await page.getByRole("heading", { name: "Questions fréquentes" }).count()) > 0;
      expect(data.some((item) => item["@type"] === "FAQPage")).toBe(faqShown);
    });
  }

  test("/avocats applies by email; /premiers-reflexes gives the emergency numbers", async ({ page }) => {
    await page.goto("/avocats");
    expect(await linkTarget(page, "Envoyer ma candidature")).toMatch(/^mailto:/);
    await page.goto("/premiers-reflexes");
    const main = page.getByRole("main");
    await expect(main.locator('a[href="tel:0805805817"]')).toBeVisible();
    await expect(main.locator('a[href="tel:116006"]')).toBeVisible();
    await expect(main.locator('a[href="https://www.17cyber.gouv.fr/"]')).toBeVisible();
    await expect(main).toContainText("13 mois");
  });

  test("one rating everywhere: page text and structured data", async ({ page }) => {
    const shown = `${figures.rating.value.toLocaleString("fr-FR")}/${figures.rating.best}`;
    await page.goto("/temoignages");
    await expect(page.getByRole("main")).toContainText(shown);
    await page.goto("/");
    await expect(page.getByRole("main")).toContainText(shown);
    // Structured data carries the rating only when its source says it comes from real reviews (issue 10).
    const service = (await jsonLd(page)).find((item) => item["@type"] === "LegalService") as { aggregateRating?: unknown };
    expect(service.aggregateRating).toBeUndefined();
    for (const path of publicPagePaths()) {
      const html = await (await page.request.get(path)).text();
      expect(html, path).not.toContain("15000");
      expect(html, path).not.toMatch(/"ratingValue":(?!4\.8)/);
    }
  });

  test("legal pages carry their versions; the legal notice shows the operator", async ({ page }) => {
    await page.goto("/politique-confidentialite");
    await expect(page.getByText("Version 1.6 – Dernière mise à jour : 16 janvier 2025")).toBeVisible();
    await expect(page.getByRole("main").locator("section h2")).toHaveCount(12);
    await page.goto("/conditions-generales");
    await expect(page.getByText("Version 1.5 – Dernière mise à jour : 16 janvier 2025")).toBeVisible();
    await expect(page.getByRole("main").locator("section h2")).toHaveCount(12);
    await page.goto("/mentions-legales");
    for (const term of ["Raison sociale", "SIREN", "Directeur de la publication", "Hébergeur"]) {
      await expect(page.getByRole("main").getByText(term, { exact: true })).toBeVisible();
    }
  });

  test("an unknown scam type is a 404", async ({ page }) => {
    const response = await page.goto("/arnaques/arnaque-inventee");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("Oops! Page not found")).toBeVisible();
  });

  test("a page change lands at the top of the new page", async ({ page }) => {
    await page.goto("/fonctionnement");
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe("smooth");
    await page.getByRole("contentinfo").getByRole("link", { name: "Témoignages" }).click();
    await expect(page).toHaveURL(/\/temoignages$/);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe("sitemap and robots", () => {
  test("the sitemap lists every public page, each answering 200", async ({ request, baseURL }) => {
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("application/xml");
    const xml = await response.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    expect(xml.trim()).toMatch(/<\/urlset>$/);
    const locations = [...xml.matchAll(/<url><loc>([^<]+)<\/loc><\/url>/g)].map((match) => match[1]!);
    expect(locations.sort()).toEqual(publicPagePaths().map((path) => `${baseURL}${path}`).sort());
    for (const location of locations) expect((await request.get(location, { maxRedirects: 0 })).status(), location).toBe(200);
  });

  test("robots.txt keeps crawlers out of the private areas and names the sitemap", async ({ request, baseURL }) => {
    const text = await (await request.get("/robots.txt")).text();
    const lines = text.split("\n");
    expect(lines[0]).toBe("User-agent: *");
    for (const prefix of ["/dashboard", "/complete-profile", "/create-case", "/verify-identity", "/case/", "/admin/"]) {
      expect(lines).toContain(`Disallow: ${prefix}`);
    }
    expect(lines).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
    for (const line of lines.filter(Boolean)) expect(line).toMatch(/^(User-agent|Disallow|Sitemap): \S+$/);
  });
});
