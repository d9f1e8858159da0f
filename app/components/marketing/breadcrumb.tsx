import { ButtonLink } from "~/components/ui/button";

export type BreadcrumbItem = { label: string; to: string };

/** 'Accueil / topic': the last item is the current page. */
export function Breadcrumb({ items }: { items: readonly BreadcrumbItem[] }) {
  return (
    <nav aria-label="Fil d'Ariane" className="mb-4 text-sm">
      <ol className="flex flex-wrap items-center gap-1 text-slate-700">
        {items.map((item, index) => {
          const last = index === items.length - 1;
          return (
            <li key={item.to} className="flex items-center gap-1">
              {last ? (
                <span aria-current="page" className="font-semibold text-slate-900">
                  {item.label}
                </span>
              ) : (
                <>
                  <ButtonLink variant="subtle" to={item.to}>
                    {item.label}
                  </ButtonLink>
                  <span aria-hidden="true">/</span>
                </>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
