import { AccountSection } from "~/components/account/account-section";
import { ButtonLink } from "~/components/ui/button";

/** The way to 'Supprimer mon compte' (/compte/suppression), shown on /compte and on /compte/donnees. */
export function DeleteAccountSection() {
  return (
    <AccountSection
      id="titre-suppression-compte"
      title="Supprimer mon compte"
      intro="Ce qui est supprimé tout de suite, ce que la loi nous oblige à garder et combien de temps."
    >
      <ButtonLink variant="danger-outline" className="mt-4" to="/compte/suppression">
        Supprimer mon compte
      </ButtonLink>
    </AccountSection>
  );
}
