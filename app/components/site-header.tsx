import { type ReactNode, useEffect, useRef } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { MenuIcon } from "~/components/ui/icons";
import { firstStepsLink, mainNavigation, PRODUCT_NAME } from "~/content/site";
import { memberNavigation } from "~/lib/member-navigation";
import type { StaffRole } from "~/lib/staff-navigation";

// No display utility here: each use says when the button shows (a `hidden` beside an `inline-flex` loses to it).
const primaryButton = "min-h-11 items-center justify-center rounded-md bg-brand-700 px-2 py-2 text-white hover:bg-brand-800 sm:px-3";
const secondaryButton = "inline-flex min-h-11 items-center rounded-md px-2 py-2 text-brand-800 hover:bg-brand-50 sm:px-3";

/**
 * Mobile first: below `md` the links sit in a <details> menu, which opens and closes without JavaScript
 * and with the keyboard. With JavaScript it also closes on Escape and after each navigation. A signed-in
 * person's menu lists their own pages first (a client's, or a lawyer's or administrator's workspace).
 * From 320 px the bar fits without scrolling sideways (WCAG 1.4.10): 'Inscription' moves into the menu under
 * 640 px, and the bar wraps rather than overflow if a larger text size makes it too wide.
 */
export function SiteHeader({ member }: { member: "user" | StaffRole | null }) {
  const signedIn = member !== null;
  const menu = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  // Closed after a navigation, not at hydration: a menu opened before the scripts loaded stays open.
  const shownKey = useRef(location.key);
  useEffect(() => {
    if (shownKey.current === location.key) return;
    shownKey.current = location.key;
    if (menu.current) menu.current.open = false;
  }, [location.key]);

  return (
    <header className="relative border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-2 gap-y-1 px-3 py-3 sm:gap-3 sm:px-4">
        <BrandLink to="/" className="flex min-h-11 shrink-0 items-center gap-2 text-lg font-bold text-brand-800 sm:text-xl" size={28}>
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
            <Link to="/dashboard" className={`inline-flex ${primaryButton}`}>
              Espace membre
            </Link>
          ) : (
            <>
              <Link to="/connexion" className={secondaryButton}>
                Connexion
              </Link>
              <Link to="/inscription" className={`hidden sm:inline-flex ${primaryButton}`}>
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
            <summary className="flex min-h-11 cursor-pointer list-none items-center gap-1.5 whitespace-nowrap rounded-md border border-slate-400 px-2 py-2 sm:px-3 text-slate-900 hover:bg-slate-100 [&::-webkit-details-marker]:hidden">
              <MenuIcon className="size-5" />
              Menu
            </summary>
            <div className="absolute inset-x-0 z-40 mt-3 max-h-[calc(100dvh-5rem)] overflow-y-auto border-b border-slate-200 bg-white px-4 pb-4 shadow-lg">
              {member ? (
                <nav aria-label="Mon espace" className="border-b border-slate-300 pb-2">
                  <p className="pt-3 text-xs font-bold uppercase tracking-wide text-slate-600">Mon espace</p>
                  <ul className="divide-y divide-slate-200 text-base font-medium">
                    {memberNavigation(member).map((item) => (
                      <li key={item.to}>
                        {/* A link to a section of a page is never the current page (NavLink compares paths only). */}
                        {item.to.includes("#") ? (
                          <Link to={item.to} className="block py-3 text-slate-800">
                            {item.label}
                          </Link>
                        ) : (
                          <NavLink
                            to={item.to}
                            end
                            className={({ isActive }) => `block py-3 ${isActive ? "text-brand-800 underline underline-offset-4" : "text-slate-800"}`}
                          >
                            {item.label}
                          </NavLink>
                        )}
                      </li>
                    ))}
                  </ul>
                </nav>
              ) : null}
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
                <Link to="/inscription" className={`mt-3 flex text-base sm:hidden ${primaryButton}`}>
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
