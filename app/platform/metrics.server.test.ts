import { describe, expect, it } from "vitest";
import { createRoutePatternMatcher, routeLabel } from "./metrics.server";

type Table = Parameters<typeof createRoutePatternMatcher>[0];

const route = (id: string, parentId: string | undefined, path?: string, index?: boolean) => ({ id, parentId, path, index, module: {} });
const routes = Object.fromEntries(
  [
    route("root", undefined, ""),
    route("home", "root", undefined, true),
    route("how", "root", "fonctionnement"),
    route("case", "root", "case/:caseId"),
    route("case-chat", "root", "case/:caseId/chat"),
    route("case-invoices", "root", "case/:caseId/factures"),
    route("template-new", "root", "admin/email-templates/nouveau"),
    route("template", "root", "admin/email-templates/:templateId"),
    route("scam", "root", "arnaques/:slug"),
    route("missing", "root", "*"),
  ].map((entry) => [entry.id, entry]),
) as unknown as Table;

describe("route labels", () => {
  const patternOf = createRoutePatternMatcher(routes);

  it("names each page by its pattern, whatever its ids, slugs or tokens", () => {
    expect(patternOf("/")).toBe("/");
    expect(patternOf("/fonctionnement")).toBe("/fonctionnement");
    expect(patternOf("/FONCTIONNEMENT")).toBe("/fonctionnement");
    expect(patternOf("/case/6f1c2a4e-8b7d-4c3a-9e21-0d5b7a3c9f10")).toBe("/case/:caseId");
    expect(patternOf("/case/REC-2026-000123/chat")).toBe("/case/:caseId/chat");
    expect(patternOf("/case/factures/factures")).toBe("/case/:caseId/factures");
    expect(patternOf("/admin/email-templates/nouveau")).toBe("/admin/email-templates/nouveau");
    expect(patternOf("/admin/email-templates/nouveau-modele")).toBe("/admin/email-templates/:templateId");
    expect(patternOf("/arnaques/faux-conseiller-bancaire")).toBe("/arnaques/:slug");
  });

  it("gives one label to what no route names, and keeps static files and operator endpoints by name", () => {
    expect(patternOf("/case/abc/inconnu")).toBe("autre");
    expect(patternOf("/nulle-part")).toBe("autre");
    expect(routeLabel("/assets/app-123.js", patternOf)).toBe("/assets");
    expect(routeLabel("/metrics", patternOf)).toBe("/metrics");
    expect(routeLabel("/case/6f1c2a4e-8b7d-4c3a-9e21-0d5b7a3c9f10/chat", patternOf)).toBe("/case/:caseId/chat");
  });
});
