import { lawyerTitle, publicLink } from "~/modules/cases/case-history.server";
import { enqueueEmail } from "~/modules/notifications/notifications.server";
import type { Executor } from "~/platform/database-schema";

/**
 * Tells the client an invoice or a credit note was issued in their case: an e-mail queued in the issuing transaction
 * (it goes only if the document does). No amount in it: the client reads the document in their space. Nobody to tell
 * when the account was deleted.
 */
export async function enqueueIssueNotice(
  trx: Executor,
  notice: { buyerId: string; lawyerId: string; caseId: string; caseNumber: string } & (
    | { kind: "invoice"; number: string }
    | { kind: "credit-note"; number: string; creditedNumber: string }
  ),
): Promise<void> {
  const people = await trx.selectFrom("profiles").select(["id", "email", "first_name", "last_name", "deleted_at"]).where("id", "in", [notice.buyerId, notice.lawyerId]).execute();
  const client = people.find((person) => person.id === notice.buyerId);
  if (!client || client.deleted_at) return;
  const lawyer = people.find((person) => person.id === notice.lawyerId);
  const common = {
    prenom: client.first_name,
    avocat: lawyer ? lawyerTitle(lawyer) : "Votre avocat",
    numero_dossier: notice.caseNumber,
    lien: publicLink(`/case/${notice.caseId}/factures`),
  };
  await enqueueEmail(
    trx,
    notice.kind === "invoice"
      ? { to: client.email, template: "facture-emise", variables: { ...common, numero_facture: notice.number } }
      : { to: client.email, template: "avoir-emis", variables: { ...common, numero_avoir: notice.number, numero_facture: notice.creditedNumber } },
  );
}
