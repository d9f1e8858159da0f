import { expect, type Page } from "@playwright/test";

export interface SmallTarget {
  element: string;
  width: number;
  height: number;
}

/**
 * Every visible interactive element of the page measures at least 44 × 44 px (WCAG 2.5.5), except links inside
 * running text (a link displayed inline in a paragraph that has other words). A checkbox or radio button counts
 * with its label, which is the target people tap. Visually hidden elements (skip link, sr-only) are not targets.
 */
export async function smallTouchTargets(page: Page): Promise<SmallTarget[]> {
  return page.evaluate(() => {
    const MIN = 44;
    const selector = "a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [tabindex]:not([tabindex='-1'])";
    const describe = (element: Element) => {
      const text = (element.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 50);
      const id = element.id ? `#${element.id}` : "";
      const name = element.getAttribute("name") ? `[name=${element.getAttribute("name")}]` : "";
      return `${element.tagName.toLowerCase()}${id}${name} « ${text} »`;
    };
    const inRunningText = (element: Element) => {
      if (element.tagName !== "A" || getComputedStyle(element).display !== "inline") return false;
      const block = element.parentElement?.closest("p, li, dd, td, th, label, span, div, legend");
      if (!block) return false;
      const own = (element.textContent ?? "").trim().length;
      return (block.textContent ?? "").trim().length > own + 1;
    };
    const small: { element: string; width: number; height: number }[] = [];
    for (const element of Array.from(document.querySelectorAll(selector))) {
      const style = getComputedStyle(element);
      if (style.visibility === "hidden" || style.display === "none") continue;
      let target: Element = element;
      if (element instanceof HTMLInputElement && (element.type === "checkbox" || element.type === "radio")) {
        target = element.closest("label") ?? (element.id ? document.querySelector(`label[for="${element.id}"]`) : null) ?? element;
      }
      const rect = target.getBoundingClientRect();
      if (rect.width <= 1 || rect.height <= 1) continue;
      if (element.closest("[aria-hidden=true], [inert]")) continue;
      if (inRunningText(element)) continue;
      if (rect.width < MIN - 0.5 || rect.height < MIN - 0.5) {
        small.push({ element: describe(element), width: Math.round(rect.width), height: Math.round(rect.height) });
      }
    }
    return small;
  });
}

export async function expectTouchTargets(page: Page, label = page.url()): Promise<void> {
  const small = await smallTouchTargets(page);
  expect(small, `cibles de moins de 44 × 44 px sur ${label}`).toEqual([]);
}
