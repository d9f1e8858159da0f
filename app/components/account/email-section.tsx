import { AccountLinkSection } from "~/components/account/account-section";

/** The change itself is on its own page: it asks for the password and sends a link to the new address. */
export function EmailSection() {
  return <AccountLinkSection id="titre-adresse" title="Mon adresse email" intro="Pour utiliser une autre adresse, nous vous envoyons un lien de confirmation à la nouvelle. Votre adresse actuelle reste en place tant que ce lien n'est pas ouvert." link={{ variant: "outline", className: "mt-4 py-2", to: "/compte/email", children: "Changer mon adresse email" }} />;
}
