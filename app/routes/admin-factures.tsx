import type { Route } from "./+types/admin-factures";
import { BackOfficePage, frenchDate, Pagination, ResultCount, SearchForm, StaffTable, useListHref } from "~/components/back-office/back-office-page";
import { controlClasses } from "~/components/ui/field";
import { pageTitle } from "~/content/site";
import { invoiceAmount } from "~/modules/invoicing/invoice-amount";
import { adminInvoices } from "~/modules/invoicing/invoicing.server";
import { adminInvoiceListSchema } from "~/modules/invoicing/invoicing.schema";
import { requireRole } from "~/platform/guards.server";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Factures") }, { name: "robots", content: "noindex" }];

/** 25 a page, newest first (decision 0070's keyset cursor: a malformed one is the first page); bad dates: the filter ignored, said. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const actor = requireRole(context, "admin");
  const parsed = adminInvoiceListSchema.safeParse(Object.fromEntries(url.searchParams));
  const query = parsed.success ? parsed.data : { q: "", from: "", to: "", after: undefined };
  const page = await adminInvoices(actor, query);
  return { filter: { q: query.q, from: query.from, to: query.to }, invalid: !parsed.success, firstPage: query.after === undefined, page };
}

export default function AdminInvoicesPage({ loaderData }: Route.ComponentProps) {
  const { filter, invalid, firstPage, page } = loaderData;
  const invoices = page.invoices;
  const href = useListHref();
  const exportQuery = new URLSearchParams(Object.entries(filter).filter(([, value]) => value !== "")).toString();
  return (
    <BackOfficePage
      id="titre-factures"
      title="Factures"
      wide
      intro="Les factures et avoirs émis par Recours au nom des avocats. Ils ne se modifient pas et sont conservés 10 ans. L'export CSV (séparateur point-virgule) est destiné au comptable."
    >
      <SearchForm label="Numéro, dossier, client ou avocat" placeholder="F-2026-000001, nom du client ou de l'avocat" value={filter.q} submitLabel="Filtrer">
        <div>
          <label htmlFor="filtre-from" className="block font-semibold">
            Émises du
          </label>
          <input id="filtre-from" name="from" type="date" defaultValue={filter.from} className={controlClasses(invalid ? "invalide" : undefined)} />
        </div>
        <div>
          <label htmlFor="filtre-to" className="block font-semibold">
            au
          </label>
          <input id="filtre-to" name="to" type="date" defaultValue={filter.to} className={controlClasses(invalid ? "invalide" : undefined)} />
        </div>
      </SearchForm>
      <p className="mt-3">
        <a href={`/admin/factures/export.csv${exportQuery ? `?${exportQuery}` : ""}`} className="min-h-11 py-2.5 font-semibold text-brand-800 underline" download>
          Exporter en CSV (toutes les factures trouvées)
        </a>
      </p>
      {invalid ? <p className="mt-4 font-semibold text-red-800">Les dates s'écrivent jj/mm/aaaa&#x202f;: le filtre a été ignoré.</p> : null}
      <ResultCount>
        {invoices.length === 0 ? "Aucune facture." : `${firstPage ? "Les plus récentes d'abord" : "Suite de la liste"}, ${invoices.length} document${invoices.length > 1 ? "s" : ""} sur cette page.`}
      </ResultCount>
      <StaffTable
        caption="Factures et avoirs, du plus récent au plus ancien"
        rows={invoices}
        empty="Aucune facture ne correspond à cette recherche."
        columns={[
          {
            header: "Numéro",
            cell: (row) => (
              <>
                <a href={`/factures/${row.id}`} className="font-semibold text-brand-800 underline">
                  {row.kind === "invoice" ? "Facture" : "Avoir"} {row.number}
                </a>
                {row.creditedNumber ? <span className="block text-sm text-slate-700">annule {row.creditedNumber}</span> : null}
                {row.creditedBy ? <span className="block text-sm text-slate-700">annulée par {row.creditedBy}</span> : null}
              </>
            ),
          },
          { header: "Date", cell: (row) => frenchDate(row.issuedAt) },
          { header: "Émetteur", cell: (row) => row.sellerName },
          { header: "Client", cell: (row) => <>{row.buyerName}<span className="block text-sm text-slate-700">dossier {row.caseNumber}</span></> },
          { header: "HT", cell: (row) => invoiceAmount(row.totalHtCents) },
          { header: "TVA", cell: (row) => invoiceAmount(row.vatCents) },
          { header: "TTC", cell: (row) => invoiceAmount(row.totalTtcCents) },
        ]}
      />
      <Pagination
        back={firstPage ? null : { to: href({ after: null }), label: "Première page" }}
        next={page.next ? { to: href({ after: page.next }), label: "Page suivante" } : null}
      />
    </BackOfficePage>
  );
}
