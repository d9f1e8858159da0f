import { AccountSection } from "~/components/account/account-section";
import { ButtonLink } from "~/components/ui/button";

/** The change itself is on its own page: it asks for the password and sends a link to the new address. */
export function EmailSection() {
  return (
    <AccountSection
      id="titre-adresse"
      title="Mon adresse email"
      intro="Pour utiliser une autre adresse, nous vous envoyons un lien de confirmation à la nouvelle. Votre adresse actuelle reste en place tant que ce lien n'est pas ouvert."
    >
      <ButtonLink variant="outline" className="mt-4 py-2" to="/compte/email">
        Changer mon adresse email
      </ButtonLink>
    </AccountSection>
  );
}
