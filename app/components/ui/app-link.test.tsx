import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { AppLink } from "./app-link";

const markup = (link: React.ReactElement) => renderToStaticMarkup(<MemoryRouter initialEntries={["/admin/users"]}>{link}</MemoryRouter>);

describe("AppLink", () => {
  it("writes a plain anchor the root navigates inside the app, and React Router discovers", () => {
    expect(markup(<AppLink to="/case/abc" className="lien">Voir</AppLink>)).toBe(
      '<a href="/case/abc" class="lien" data-app-link="" data-discover="true">Voir</a>',
    );
    expect(markup(<AppLink to="?page=2" preventScrollReset replace>Suivante</AppLink>)).toBe(
      '<a href="?page=2" data-app-link="" data-discover="true" data-prevent-scroll-reset="" data-replace="">Suivante</a>',
    );
  });

  it("leaves downloads, other windows and whole page loads to the browser", () => {
    expect(markup(<AppLink to="/fichier.pdf" download>PDF</AppLink>)).toBe('<a href="/fichier.pdf" download="">PDF</a>');
    expect(markup(<AppLink to="/aide" target="_blank" rel="noopener">Aide</AppLink>)).toBe('<a href="/aide" target="_blank" rel="noopener">Aide</a>');
    expect(markup(<AppLink to="/sortie" reloadDocument>Sortir</AppLink>)).toBe('<a href="/sortie">Sortir</a>');
  });

  it("hands a relative path to React Router's <Link>, which resolves it against the route (here the root)", () => {
    expect(markup(<AppLink to="nouveau">Nouveau</AppLink>)).toBe('<a href="/nouveau" data-discover="true">Nouveau</a>');
  });
});
