import { typeset } from "~/lib/typography";
import { Link } from "react-router";
import { ShieldIcon } from "~/components/ui/icons";
import {
  contactHours,
  helpNavigation,
  legalNavigation,
  mainNavigation,
  nationalBarCouncil,
  phoneHref,
  PRODUCT_NAME,
  safetyNotice,
  type OperatorIdentity,
} from "~/content/site";

const footerLink = "inline-flex min-h-11 items-center underline-offset-4 hover:text-white hover:underline";

export function SiteFooter({ operator }: { operator: OperatorIdentity }) {
  return (
    <footer className="mt-12 bg-slate-900 text-slate-200">
      <div className="mx-auto max-w-6xl px-4 py-10">
        <p className="flex gap-3 rounded-lg border border-slate-600 bg-slate-800 p-4 text-sm text-white">
          <ShieldIcon className="size-5 shrink-0 text-green-400" />
          <span>
            <strong className="font-semibold">Sécurité&#x202f;: </strong>
            {safetyNotice}
          </span>
        </p>

        <div className="mt-8 grid gap-8 sm:grid-cols-2 lg:grid-cols-4">
          <div>
            <p className="text-lg font-bold text-white">{PRODUCT_NAME}</p>
            <p className="mt-2 text-sm">
              Nous aidons les victimes d'arnaques en ligne à récupérer leur argent avec des avocats partenaires. Analyse
              gratuite de votre dossier.
            </p>
          </div>

          <nav aria-label="Navigation du pied de page">
            <h2 className="text-sm font-semibold uppercase tracking-wide text-white">Navigation</h2>
            <ul className="mt-3 text-sm">
              {[...mainNavigation, ...helpNavigation].map((item) => (
                <li key={item.to}>
                  <Link to={item.to} className={footerLink}>
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>

          <nav aria-label="Informations légales">
            <h2 className="text-sm font-semibold uppercase tracking-wide text-white">Informations légales</h2>
            <ul className="mt-3 text-sm">
              {legalNavigation.map((item) => (
                <li key={item.to}>
                  <Link to={item.to} className={footerLink}>
                    {item.label}
                  </Link>
                </li>
              ))}
              <li>
                <a href={nationalBarCouncil.href} rel="noopener noreferrer" className={footerLink}>
                  {nationalBarCouncil.label}
                  <span className="sr-only"> (site externe)</span>
                </a>
              </li>
            </ul>
          </nav>

          <div>
            <h2 className="text-sm font-semibold uppercase tracking-wide text-white">Nous contacter</h2>
            <address className="mt-3 space-y-2 text-sm not-italic">
              <p>
                <a href={`mailto:${operator.email}`} className={`break-all ${footerLink}`}>
                  {operator.email}
                </a>
              </p>
              <p>
                <a href={phoneHref(operator.phone)} className={footerLink}>
                  {typeset(operator.phone)}
                </a>
              </p>
              <p>{contactHours}</p>
            </address>
          </div>
        </div>
      </div>
      <p className="border-t border-slate-700 py-4 text-center text-xs text-slate-300">
        © {new Date().getFullYear()} {PRODUCT_NAME}
      </p>
    </footer>
  );
}
