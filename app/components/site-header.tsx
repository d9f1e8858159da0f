import { Link, NavLink } from "react-router";
import { mainNavigation, PRODUCT_NAME } from "~/content/site";

export function SiteHeader({ signedIn }: { signedIn: boolean }) {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
        <Link to="/" className="text-xl font-bold text-brand-800">
          {PRODUCT_NAME}
        </Link>
        <nav aria-label="Navigation principale" className="order-3 w-full sm:order-none sm:w-auto">
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm font-medium">
            {mainNavigation.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end
                  className={({ isActive }) =>
                    isActive ? "text-brand-800 underline underline-offset-4" : "text-slate-700 hover:text-brand-700"
                  }
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-2 text-sm font-semibold">
          {signedIn ? (
            <Link to="/dashboard" className="rounded-md bg-brand-700 px-3 py-2 text-white hover:bg-brand-800">
              Espace membre
            </Link>
          ) : (
            <>
              <Link to="/connexion" className="rounded-md px-3 py-2 text-brand-800 hover:bg-brand-50">
                Connexion
              </Link>
              <Link to="/inscription" className="rounded-md bg-brand-700 px-3 py-2 text-white hover:bg-brand-800">
                Inscription
              </Link>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
