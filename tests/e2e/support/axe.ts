import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/**
 * Runs axe (WCAG 2.1 A and AA) on the page as it is now; any violation fails the test and is printed.
 * Pass `javaScript: false` for a page of a context created with `javaScriptEnabled: false`.
 */
export async function expectNoAxeViolations(
  page: Page,
  label = page.url(),
  options: { javaScript?: boolean } = {},
): Promise<void> {
  // A streamed page can show its first lines before the rest has arrived: scan the whole document.
  await page.waitForLoadState("load");
  if (options.javaScript === false) {
    await expectNoAxeViolationsOnCopy(page, label);
    return;
  }
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const report = results.violations.map((violation) => {
    const nodes = violation.nodes
      .slice(0, 5)
      .map((node) => `      ${node.target.join(" ")}\n        ${node.failureSummary?.replace(/\n/g, "\n        ") ?? ""}`)
      .join("\n");
    return `  [${violation.impact ?? "?"}] ${violation.id}: ${violation.help} (${violation.nodes.length} element(s))\n    ${violation.helpUrl}\n${nodes}`;
  });
  if (report.length > 0) console.log(`axe: ${report.length} violation(s) on ${label}\n${report.join("\n")}`);
  expect(report, `axe violations on ${label}`).toEqual([]);
}

/**
 * axe runs inside the page, which a context with JavaScript disabled does not allow: scan the same
 * document (scripts removed, so it stays the no-JavaScript page) at the same address in a JavaScript-enabled context.
 */
async function expectNoAxeViolationsOnCopy(page: Page, label: string): Promise<void> {
  const browser = page.context().browser();
  if (!browser) throw new Error("no browser to open a JavaScript-enabled context for axe");
  const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, "");
  const url = page.url();
  // Explicitly enabled: inside a test, browser.newContext() inherits the test's `use` options.
  const context = await browser.newContext({ javaScriptEnabled: true });
  try {
    const copy = await context.newPage();
    await copy.route(url, (route) => route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html }));
    await copy.goto(url);
    await expectNoAxeViolations(copy, `${label} (sans JavaScript)`);
  } finally {
    await context.close();
  }
}
