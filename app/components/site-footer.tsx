import { Link } from "react-router";
import { legalNavigation, mainNavigation, nationalBarCouncil, PRODUCT_NAME } from "~/content/site";

export function SiteFooter() {
  return (
    <footer className="mt-12 border-t border-slate-200 bg-slate-900 text-slate-200">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-3">
        <div>
          <p className="text-lg font-bold text-white">{PRODUCT_NAME}</p>
          <p className="mt-2 text-sm">
            Nous aidons les victimes d'arnaques en ligne à récupérer leur argent avec des avocats partenaires. Aucun
            frais à l'avance.
          </p>
        </div>
        <nav aria-label="Navigation du pied de page">
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">Navigation</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {mainNavigation.map((item) => (
              <li key={item.to}>
                <Link to={item.to} className="hover:text-white hover:underline">
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Informations légales">
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">Informations légales</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {legalNavigation.map((item) => (
              <li key={item.to}>
                <Link to={item.to} className="hover:text-white hover:underline">
                  {item.label}
                </Link>
              </li>
            ))}
            <li>
              <a href={nationalBarCouncil.href} rel="noopener noreferrer" className="hover:text-white hover:underline">
                {nationalBarCouncil.label}
                <span className="sr-only"> (site externe)</span>
              </a>
            </li>
          </ul>
        </nav>
      </div>
      <p className="border-t border-slate-700 py-4 text-center text-xs text-slate-300">
        © {new Date().getFullYear()} {PRODUCT_NAME}
      </p>
    </footer>
  );
}
