import { EXAMPLE_FEE_MODEL } from "~/content/fees";
import type { LegalDocument } from "~/content/types";
import type { FeeModel } from "~/lib/fees";
import { accessibilityStatement } from "./accessibility-statement";
import { legalNotice } from "./legal-notice";
import { privacyPolicy } from "./privacy-policy";
import { termsFor } from "./terms";

/**
 * The legal pages by path; app/routes.ts gives each path a route on app/routes/legal-page.tsx. The terms state the
 * fees: here with development's example fee model, on the page with the configured one (legalDocumentAt).
 */
export const legalDocumentsByPath = {
  "/mentions-legales": legalNotice,
  "/politique-confidentialite": privacyPolicy,
  "/conditions-generales": termsFor(EXAMPLE_FEE_MODEL),
  "/accessibilite": accessibilityStatement,
} as const satisfies Record<string, LegalDocument>;

export type LegalPath = keyof typeof legalDocumentsByPath;

export function legalDocumentAt(pathname: string, fees: FeeModel): LegalDocument | undefined {
  const path = pathname.replace(/(.)\/+$/, "$1");
  if (path === "/conditions-generales") return termsFor(fees);
  return Object.hasOwn(legalDocumentsByPath, path) ? legalDocumentsByPath[path as LegalPath] : undefined;
}
