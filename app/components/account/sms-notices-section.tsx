import { Form, useNavigation } from "react-router";
import { AccountSection } from "~/components/account/account-section";
import { FormAlert } from "~/components/form-controls";
import { Button, ButtonLink } from "~/components/ui/button";
import { ACCOUNT_INTENTS } from "~/modules/accounts/account-settings.schema";
import type { SmsNoticeSettings } from "~/modules/accounts/account-settings.server";

/** Where a person sets their mobile number. */
export const PROFILE_PATH = "/complete-profile";

/**
 * Notices by SMS (decision 0087), shown only when the operator configured a provider: the number used, the state,
 * and one button to turn them on or off (a plain post: it works without JavaScript).
 */
export function SmsNoticesSection({ settings, formError }: { settings: SmsNoticeSettings; formError?: string }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === ACCOUNT_INTENTS.smsNotices;
  const on = settings.optedInSince !== null;
  return (
    <AccountSection
      id="titre-avis-sms"
      title="Avis par SMS"
      intro="En plus de l'e-mail, un SMS court vous prévient quand il y a du nouveau dans votre dossier. Il ne contient jamais le contenu d'un message, ni montant, ni lien."
    >
      <p className="mt-3 text-slate-900" id="avis-sms-etat">
        {on && settings.optedInSince ? (
          <>
            Activés depuis le <time dateTime={settings.optedInSince.iso}>{settings.optedInSince.text}</time>.
          </>
        ) : (
          "Désactivés\u202f: vous recevez les avis par e-mail seulement."
        )}
      </p>
      {settings.mobile ? (
        <p className="mt-1 text-slate-700">
          Numéro utilisé&#x202f;: <strong className="whitespace-nowrap text-slate-900">{settings.mobile}</strong> (celui de votre profil).
        </p>
      ) : (
        <p className="mt-1 text-slate-700">Votre profil n'indique pas de numéro de mobile&#x202f;: ajoutez-le pour recevoir les avis par SMS.</p>
      )}
      <div className="mt-4">
        <FormAlert message={formError} />
      </div>
      {settings.mobile || on ? (
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value={ACCOUNT_INTENTS.smsNotices} />
          <input type="hidden" name="choice" value={on ? "off" : "on"} />
          <Button variant={on ? "secondary" : "primary"} className="py-2" disabled={busy} aria-describedby="avis-sms-etat">
            {on ? "Ne plus recevoir les avis par SMS" : "Recevoir aussi les avis par SMS"}
          </Button>
        </Form>
      ) : null}
      {settings.mobile ? null : (
        <ButtonLink variant="outline" className="mt-4 py-2" to={PROFILE_PATH}>
          Indiquer mon numéro de mobile
        </ButtonLink>
      )}
    </AccountSection>
  );
}
