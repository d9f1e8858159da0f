import { AccountLinkSection } from "~/components/account/account-section";

/** The way to 'Supprimer mon compte' (/compte/suppression), shown on /compte and on /compte/donnees. */
export function DeleteAccountSection() {
  return <AccountLinkSection id="titre-suppression-compte" title="Supprimer mon compte" intro="Ce qui est supprimé tout de suite, ce que la loi nous oblige à garder et combien de temps." link={{ variant: "danger-outline", className: "mt-4", to: "/compte/suppression", children: "Supprimer mon compte" }} />;
}
