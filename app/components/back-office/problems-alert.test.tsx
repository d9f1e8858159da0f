import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ProblemsAlert } from "./back-office-page";

describe("ProblemsAlert", () => {
  it("says nothing without a problem", () => {
    expect(renderToStaticMarkup(<ProblemsAlert title="Erreur lors de la sauvegarde" problems={[]} />)).toBe("");
  });

  it("announces the refusal with each reason listed under it", () => {
    const html = renderToStaticMarkup(<ProblemsAlert title="Erreur lors de la sauvegarde" problems={["Le sujet est obligatoire.", "La variable {{lien}} manque."]} className="mt-4 border" />);
    expect(html).toMatch(/^<div role="alert" class="mt-4 border rounded-md/);
    expect(html).toContain('<p class="font-semibold">Erreur lors de la sauvegarde</p>');
    expect(html.match(/<li>/g)).toHaveLength(2);
    expect(html).toContain("<li>La variable {{lien}} manque.</li>");
  });
});
