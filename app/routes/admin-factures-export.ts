import { data } from "react-router";
import type { Route } from "./+types/admin-factures-export";
import { parisIsoDay } from "~/lib/format";
import { adminInvoicesCsv } from "~/modules/invoicing/invoicing.server";
import { adminInvoiceFilterSchema } from "~/modules/invoicing/invoicing.schema";
import { requireRole } from "~/platform/guards.server";
import { PRIVATE_FILE_HEADERS } from "~/platform/file-response-headers";

/** GET /admin/factures/export.csv?q=&from=&to=: every invoice and credit note the filter finds, for the accountant. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const actor = requireRole(context, "admin");
  const parsed = adminInvoiceFilterSchema.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) throw data({ message: "Les dates du filtre sont invalides." }, { status: 400 });
  const chunks = adminInvoicesCsv(actor, parsed.data)[Symbol.asyncIterator]();
  const encoder = new TextEncoder();
  // Sent as the batches are read: the whole export is never in memory.
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const chunk = await chunks.next();
      if (chunk.done) controller.close();
      else controller.enqueue(encoder.encode(chunk.value));
    },
    async cancel() {
      await chunks.return?.();
    },
  });
  return new Response(body, {
    headers: {
      ...PRIVATE_FILE_HEADERS,
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="factures-${parisIsoDay(new Date())}.csv"`,
    },
  });
}
