import type { Selectable } from "kysely";
import { recordStaffAction } from "~/modules/audit/audit.server";
import { assertUser, NotFoundError, type Actor, type UserActor } from "~/platform/actor";
import type { Executor, LawyerInvoicingProfileTable } from "~/platform/database-schema";
import { db } from "~/platform/runtime.server";
import type { SellerSnapshot } from "./invoice-pdf.server";
import { MANDATE_VERSION, invoicingMessages, type InvoicingProfileInput } from "./invoicing.schema";

/** The lawyer's invoicing profile and mandate (issue 31, decision 0081), and what the issuing use cases read of it. */

export type Failure = { ok: false; status: 400 | 409; formError?: string; fieldErrors?: Record<string, string> };

export function postalAddress(row: { address: string | null; postal_code: string | null; city: string | null }): string {
  return [row.address, [row.postal_code, row.city].filter(Boolean).join(" ")].filter(Boolean).join(", ");
}

export function lawyerOnly(actor: Actor): UserActor {
  assertUser(actor);
  if (actor.role !== "lawyer") throw new NotFoundError();
  return actor;
}

export interface InvoicingProfileView {
  values: { firmName: string; address: string; postalCode: string; city: string; siren: string; siret: string; vatNumber: string; vatFranchise: boolean };
  mandate: { acceptedAt: string; version: string; current: boolean } | null;
  /** What an invoice still needs (empty: invoices may be issued). */
  missing: string[];
}

export type ProfileRow = Omit<Selectable<LawyerInvoicingProfileTable>, "lawyer_id" | "updated_at">;

export function missingOf(row: ProfileRow | undefined): string[] {
  if (!row) return ["nom du cabinet", "adresse", "SIREN", "numéro de TVA ou mention de franchise", "mandat de facturation"];
  return row.mandate_accepted_at && row.mandate_version === MANDATE_VERSION ? [] : ["mandat de facturation"];
}

export async function profileRow(executor: Executor, lawyerId: string): Promise<ProfileRow | undefined> {
  return executor
    .selectFrom("lawyer_invoicing_profiles")
    .select(["firm_name", "address", "postal_code", "city", "siren", "siret", "vat_number", "vat_franchise", "mandate_accepted_at", "mandate_version"])
    .where("lawyer_id", "=", lawyerId)
    .executeTakeFirst();
}

/** What the invoice says about its seller, as true at issue. */
export function sellerSnapshot(row: ProfileRow, lawyer: { first_name: string; last_name: string }): SellerSnapshot {
  return {
    firmName: row.firm_name,
    lawyerName: `Maître ${lawyer.first_name} ${lawyer.last_name}`,
    address: postalAddress(row),
    siren: row.siren,
    siret: row.siret,
    vatNumber: row.vat_number,
    vatFranchise: row.vat_franchise,
    mandateAcceptedAt: row.mandate_accepted_at!.toISOString(),
    mandateVersion: row.mandate_version!,
  };
}

export async function invoicingProfileFor(actor: Actor): Promise<InvoicingProfileView> {
  const lawyer = lawyerOnly(actor);
  const row = await profileRow(db(), lawyer.userId);
  return {
    values: {
      firmName: row?.firm_name ?? "",
      address: row?.address ?? "",
      postalCode: row?.postal_code ?? "",
      city: row?.city ?? "",
      siren: row?.siren ?? "",
      siret: row?.siret ?? "",
      vatNumber: row?.vat_number ?? "",
      vatFranchise: row?.vat_franchise ?? false,
    },
    mandate: row?.mandate_accepted_at && row.mandate_version ? { acceptedAt: row.mandate_accepted_at.toISOString(), version: row.mandate_version, current: row.mandate_version === MANDATE_VERSION } : null,
    missing: missingOf(row),
  };
}

export type SaveProfileResult = { ok: true } | Failure;

/** The lawyer fills their invoicing profile; the mandate is accepted once per text version (its date is kept). */
export async function saveInvoicingProfile(actor: Actor, input: InvoicingProfileInput, now: Date = new Date()): Promise<SaveProfileResult> {
  const lawyer = lawyerOnly(actor);
  return db()
    .transaction()
    .execute(async (trx): Promise<SaveProfileResult> => {
      const existing = await trx.selectFrom("lawyer_invoicing_profiles").selectAll().where("lawyer_id", "=", lawyer.userId).forUpdate().executeTakeFirst();
      const mandateCurrent = existing?.mandate_accepted_at && existing.mandate_version === MANDATE_VERSION;
      if (!mandateCurrent && input.mandate !== "on") return { ok: false, status: 400, fieldErrors: { mandate: invoicingMessages.mandateRequired } };
      const values = {
        firm_name: input.firmName,
        address: input.address,
        postal_code: input.postalCode,
        city: input.city,
        siren: input.siren,
        siret: input.siret || null,
        vat_number: input.vatFranchise ? null : input.vatNumber,
        vat_franchise: input.vatFranchise === "on",
        mandate_accepted_at: mandateCurrent ? existing.mandate_accepted_at : now,
        mandate_version: MANDATE_VERSION,
        updated_at: now,
      };
      await trx
        .insertInto("lawyer_invoicing_profiles")
        .values({ lawyer_id: lawyer.userId, ...values })
        .onConflict((conflict) => conflict.column("lawyer_id").doUpdateSet(values))
        .execute();
      await recordStaffAction(trx, lawyer, {
        action: mandateCurrent ? "invoicing.profile-updated" : "invoicing.mandate-accepted",
        targetType: "user",
        targetId: lawyer.userId,
        after: { siren: values.siren, vatFranchise: values.vat_franchise, mandateVersion: MANDATE_VERSION },
      });
      return { ok: true };
    });
}
