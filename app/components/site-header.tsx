import { type ReactNode, useEffect, useRef } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { MenuIcon } from "~/components/ui/icons";
import { firstStepsLink, mainNavigation, PRODUCT_NAME } from "~/content/site";

const primaryButton = "inline-flex min-h-11 items-center justify-center rounded-md bg-brand-700 px-3 py-2 text-white hover:bg-brand-800";
const secondaryButton = "inline-flex min-h-11 items-center rounded-md px-3 py-2 text-brand-800 hover:bg-brand-50";

/**
 * Mobile first: below `md` the links sit in a <details> menu, which opens and closes without JavaScript
 * and with the keyboard. With JavaScript it also closes on Escape and after each navigation.
 */
export function SiteHeader({ signedIn }: { signedIn: boolean }) {
  const menu = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [location.key]);

  return (
    <header className="relative border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-3">
        <BrandLink to="/" className="flex min-h-11 items-center gap-2 text-xl font-bold text-brand-800" size={28}>
          <span className="sr-only"> - Accueil</span>
        </BrandLink>

        <nav aria-label="Navigation principale" className="hidden md:block">
          <ul className="flex items-center gap-4 text-sm font-medium lg:gap-6">
            <MainNavigationItems
              linkClassName={(isActive) =>
                isActive
                  ? "inline-flex min-h-11 items-center text-brand-800 underline decoration-2 underline-offset-8"
                  : "inline-flex min-h-11 items-center text-slate-700 hover:text-brand-800 hover:underline hover:underline-offset-8"
              }
            />
            <li>
              <NavLink
                to={firstStepsLink.to}
                className="inline-flex min-h-11 items-center rounded-md bg-amber-50 px-3 font-semibold text-amber-950 ring-1 ring-amber-300 hover:bg-amber-100"
              >
                {firstStepsLink.label}
              </NavLink>
            </li>
          </ul>
        </nav>

        <div className="flex items-center gap-2 text-sm font-semibold">
          {signedIn ? (
            <Link to="/dashboard" className={primaryButton}>
              Espace membre
            </Link>
          ) : (
            <>
              <Link to="/connexion" className={secondaryButton}>
                Connexion
              </Link>
              <Link to="/inscription" className={`hidden sm:inline-block ${primaryButton}`}>
                Inscription
              </Link>
            </>
          )}

          <details
            ref={menu}
            className="group md:hidden"
            onKeyDown={(event) => {
              if (event.key !== "Escape" || !event.currentTarget.open) return;
              event.currentTarget.open = false;
              event.currentTarget.querySelector("summary")?.focus();
            }}
          >
            <summary className="flex min-h-11 cursor-pointer list-none items-center gap-1.5 rounded-md border border-slate-400 px-3 py-2 text-slate-900 hover:bg-slate-100 [&::-webkit-details-marker]:hidden">
              <MenuIcon className="size-5" />
              Menu
            </summary>
            <div className="absolute inset-x-0 z-40 mt-3 border-b border-slate-200 bg-white px-4 pb-4 shadow-lg">
              <nav aria-label="Navigation principale">
                <ul className="divide-y divide-slate-200 text-base font-medium">
                  <li>
                    <NavLink to={firstStepsLink.to} className="block py-3 font-semibold text-amber-950">
                      {firstStepsLink.label} après une arnaque
                    </NavLink>
                  </li>
                  <MainNavigationItems linkClassName={(isActive) => `block py-3 ${isActive ? "text-brand-800 underline underline-offset-4" : "text-slate-800"}`} />
                </ul>
              </nav>
              {signedIn ? null : (
                <Link to="/inscription" className={`mt-3 block text-center text-base sm:hidden ${primaryButton}`}>
                  Inscription
                </Link>
              )}
            </div>
          </details>
        </div>
      </div>
    </header>
  );
}

/** The product's name and logo, linking home; `children` follow the name. */
export function BrandLink({ to, className, size, children }: { to: string; className: string; size: 24 | 28; children: ReactNode }) {
  return (
    <Link to={to} className={className}>
      <img src="/favicon.svg" alt="" width={size} height={size} className={size === 24 ? "size-6" : "size-7"} />
      {PRODUCT_NAME}
      {children}
    </Link>
  );
}

/** The main navigation's links, each marked when it is the current page. */
function MainNavigationItems({ linkClassName }: { linkClassName(isActive: boolean): string }) {
  return mainNavigation.map((item) => (
    <li key={item.to}>
      <NavLink to={item.to} end className={({ isActive }) => linkClassName(isActive)}>
        {item.label}
      </NavLink>
    </li>
  ));
}
