import { Form } from "react-router";
import type { Route } from "./+types/admin-factures";
import { BackOfficePage, frenchDate, ResultCount, StaffTable } from "~/components/back-office/back-office-page";
import { Button } from "~/components/ui/button";
import { controlClasses } from "~/components/ui/field";
import { pageTitle } from "~/content/site";
import { invoiceAmount } from "~/modules/invoicing/invoice-amount";
import { adminInvoices } from "~/modules/invoicing/invoicing.server";
import { adminInvoiceFilterSchema } from "~/modules/invoicing/invoicing.schema";
import { requireRole } from "~/platform/guards.server";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Factures") }, { name: "robots", content: "noindex" }];

const SHOWN = 500;

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = requireRole(context, "admin");
  const parsed = adminInvoiceFilterSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const filter = parsed.success ? parsed.data : { q: "", from: "", to: "" };
  return { filter, invalid: !parsed.success, invoices: await adminInvoices(actor, filter, SHOWN) };
}

export default function AdminInvoicesPage({ loaderData }: Route.ComponentProps) {
  const { filter, invalid, invoices } = loaderData;
  const exportQuery = new URLSearchParams(Object.entries(filter).filter(([, value]) => value !== "")).toString();
  return (
    <BackOfficePage
      id="titre-factures"
      title="Factures"
      wide
      intro="Les factures et avoirs émis par Recours au nom des avocats. Ils ne se modifient pas et sont conservés 10 ans. L'export CSV (séparateur point-virgule) est destiné au comptable."
    >
      <Form method="get" className="mt-6 flex flex-wrap items-end gap-3" aria-label="Recherche dans les factures">
        <div>
          <label htmlFor="filtre-q" className="block font-semibold">
            Numéro, dossier, client ou avocat
          </label>
          <input id="filtre-q" name="q" type="search" defaultValue={filter.q} maxLength={100} className={controlClasses(undefined)} />
        </div>
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
        <Button>Filtrer</Button>
        <a href={`/admin/factures/export.csv${exportQuery ? `?${exportQuery}` : ""}`} className="min-h-11 py-2.5 font-semibold text-brand-800 underline" download>
          Exporter en CSV
        </a>
      </Form>
      {invalid ? <p className="mt-4 font-semibold text-red-800">Les dates s'écrivent jj/mm/aaaa&#x202f;: le filtre a été ignoré.</p> : null}
      <ResultCount>
        {invoices.length === 0 ? "Aucune facture." : invoices.length >= SHOWN ? `Les ${SHOWN} plus récentes (affinez la recherche, ou exportez tout en CSV).` : `${invoices.length} document${invoices.length > 1 ? "s" : ""}.`}
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
    </BackOfficePage>
  );
}
