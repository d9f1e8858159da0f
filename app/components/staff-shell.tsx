import { useEffect, useRef, type ReactNode } from "react";
import { NavLink, useLocation } from "react-router";
import { AccountActions } from "~/components/dashboard/dashboard-header";
import { BrandLink } from "~/components/site-header";
import { MenuIcon } from "~/components/ui/icons";
import { STAFF_ROLE_LABELS, staffBreadcrumb, staffSections, type StaffDestination, type StaffRole } from "~/lib/staff-navigation";
import { buttonClasses, ButtonLink } from "~/components/ui/button";

export interface StaffPerson {
  firstName: string;
  lastName: string;
  role: StaffRole;
}

/** A destination of the workspace: a link, or 'Bientôt disponible' (no link) for a page a later issue builds. */
export function StaffDestinationItem({ destination, withDescription = false }: { destination: StaffDestination; withDescription?: boolean }) {
  const description = withDescription ? <span className="block text-sm font-normal text-slate-700">{destination.description}</span> : null;
  if (!destination.available) {
    return (
      <span aria-disabled="true" className="flex min-h-11 flex-col justify-center rounded-md px-3 py-2 text-slate-600">
        <span className="font-semibold">
          <span>{destination.label}</span> <span className="ml-1 rounded bg-slate-200 px-1.5 py-0.5 text-xs font-semibold text-slate-800">Bientôt disponible</span>
        </span>
        {description}
      </span>
    );
  }
  return (
    <NavLink
      to={destination.to}
      end
      className={({ isActive }) =>
        `flex min-h-11 flex-col justify-center rounded-md px-3 py-2 font-semibold ${
          isActive ? "bg-brand-50 text-brand-900 ring-1 ring-brand-700" : "text-brand-800 hover:bg-slate-100"
        }`
      }
    >
      <span>{destination.label}</span>
      {description}
    </NavLink>
  );
}

function StaffNavigation({ role }: { role: StaffRole }) {
  return (
    <nav aria-label="Espace de travail">
      {staffSections(role).map((section) => (
        <div key={section.id} className="mb-4">
          <h2 className="px-3 text-xs font-bold uppercase tracking-wide text-slate-600">{section.title}</h2>
          <ul className="mt-1 space-y-1">
            {section.destinations.map((destination) => (
              <li key={destination.to}>
                <StaffDestinationItem destination={destination} />
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

const barButton = buttonClasses({ variant: "secondary", size: "sm" }, "text-sm");

/**
 * The layout of lawyers' and administrators' pages: no marketing header or footer, the workspace navigation
 * (a side column on wide screens, a menu that opens without JavaScript on phones), a breadcrumb, and who is
 * signed in with which role.
 */
export function StaffShell({ person, children }: { person: StaffPerson; children: ReactNode }) {
  const { pathname, key } = useLocation();
  const menu = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [key]);
  const trail = staffBreadcrumb(person.role, pathname);
  const roleLabel = STAFF_ROLE_LABELS[person.role];

  return (
    <>
      <header className="border-b border-slate-200 bg-white">
        <div className="flex flex-wrap items-center justify-between gap-2 px-4 py-2">
          <BrandLink to="/dashboard" className="inline-flex min-h-11 items-center gap-2 text-lg font-bold text-brand-800" size={24}>
            <span className="font-normal text-slate-700">· Espace de travail</span>
          </BrandLink>
          <div className="flex flex-wrap items-center gap-2">
            <p className="text-sm text-slate-800" data-staff-person="">
              <span className="font-semibold">
                {person.firstName} {person.lastName}
              </span>{" "}
              <span className="rounded bg-brand-50 px-1.5 py-0.5 text-xs font-semibold text-brand-900">{roleLabel}</span>
            </p>
            <AccountActions buttonClassName={barButton} />
          </div>
        </div>
        <details ref={menu} className="border-t border-slate-200 lg:hidden">
          <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 px-4 font-semibold text-slate-900 [&::-webkit-details-marker]:hidden">
            <MenuIcon className="size-5" />
            Menu de l'espace de travail
          </summary>
          <div className="px-2 pb-3">
            <StaffNavigation role={person.role} />
          </div>
        </details>
      </header>
      <div className="flex flex-1">
        <aside className="hidden w-72 shrink-0 border-r border-slate-200 bg-white p-3 lg:block">
          <StaffNavigation role={person.role} />
        </aside>
        <main id="contenu" className="min-w-0 flex-1" tabIndex={-1}>
          <nav aria-label="Fil d'Ariane" className="px-4 pt-4 text-sm">
            <ol className="flex flex-wrap items-center gap-1 text-slate-700">
              {trail.map((item, index) =>
                index === trail.length - 1 ? (
                  <li key={item.to} aria-current="page" className="font-semibold text-slate-900">
                    {item.label}
                  </li>
                ) : (
                  <li key={item.to} className="flex items-center gap-1">
                    <ButtonLink variant="subtle" to={item.to}>
                      {item.label}
                    </ButtonLink>
                    <span aria-hidden="true">/</span>
                  </li>
                ),
              )}
            </ol>
          </nav>
          {children}
        </main>
      </div>
    </>
  );
}
