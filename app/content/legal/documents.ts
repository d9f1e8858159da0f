import type { LegalDocument } from "~/content/types";
import { accessibilityStatement } from "./accessibility-statement";
import { legalNotice } from "./legal-notice";
import { privacyPolicy } from "./privacy-policy";
import { terms } from "./terms";

/** The legal pages by path; app/routes.ts gives each path a route on app/routes/legal-page.tsx. */
export const legalDocumentsByPath = {
  "/mentions-legales": legalNotice,
  "/politique-confidentialite": privacyPolicy,
  "/conditions-generales": terms,
  "/accessibilite": accessibilityStatement,
} as const satisfies Record<string, LegalDocument>;

export type LegalPath = keyof typeof legalDocumentsByPath;

export function legalDocumentAt(pathname: string): LegalDocument | undefined {
  const path = pathname.replace(/(.)\/+$/, "$1");
  return Object.hasOwn(legalDocumentsByPath, path) ? legalDocumentsByPath[path as LegalPath] : undefined;
}
