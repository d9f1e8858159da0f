import { Form, useNavigation } from "react-router";
import { AccountSection } from "~/components/account/account-section";
import { Badge } from "~/components/ui/badge";
import { ConfirmedActionForm } from "~/components/confirmed-action";
import { ACCOUNT_INTENTS } from "~/modules/accounts/account-settings.schema";
import type { DeviceSession } from "~/modules/accounts/account-settings.server";
import type { DateTimeText } from "~/lib/format";
import { buttonClasses } from "~/components/ui/button";

const secondaryButton = buttonClasses({ variant: "secondary" }, "py-2 disabled:opacity-70");
const dangerButton =
  "inline-flex w-full items-center justify-center rounded-md border border-red-700 bg-white px-4 py-3 font-semibold text-red-800 hover:bg-red-50 disabled:opacity-70 sm:w-auto";

export const END_ALL_SESSIONS_CONFIRMATION = {
  title: "Vous déconnecter de tous vos appareils\u202f?",
  description:
    "Votre espace sera fermé sur tous vos appareils, celui-ci compris. Vous devrez vous reconnecter avec votre mot de passe.",
  confirmLabel: "Me déconnecter partout",
};

function DateTime({ value }: { value: DateTimeText }) {
  return <time dateTime={value.iso}>{value.text}</time>;
}

/** The acting user's sessions: one card per device, a button to end each other one, and one to end them all. */
export function SessionsSection({ sessions }: { sessions: DeviceSession[] }) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" ? navigation.formData : undefined;
  const ending = (sessionId: string) =>
    pending?.get("intent") === ACCOUNT_INTENTS.endSession && pending.get("sessionId") === sessionId;
  const endingAll = pending?.get("intent") === ACCOUNT_INTENTS.endAllSessions;

  return (
    <AccountSection
      id="titre-appareils"
      title="Mes appareils connectés"
      intro="Votre espace est ouvert sur ces appareils. Si vous n'en reconnaissez pas un, déconnectez-le puis changez votre mot de passe."
    >

      <ul className="mt-5 space-y-4">
        {sessions.map((session, index) => {
          const headingId = `appareil-${index + 1}`;
          return (
            <li key={session.id} className="rounded-lg border border-slate-300 p-4">
              <div className="flex flex-wrap items-center gap-2">
                <h3 id={headingId} className="text-lg font-semibold text-slate-900">
                  {session.device}
                </h3>
                {session.current ? <Badge className="bg-green-50 text-green-900 ring-green-200">Cet appareil</Badge> : null}
              </div>
              <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
                <dt className="font-semibold text-slate-700">Adresse IP</dt>
                <dd className="break-all text-slate-900">{session.ipAddress || "inconnue"}</dd>
                <dt className="font-semibold text-slate-700">Connexion</dt>
                <dd className="text-slate-900">
                  <DateTime value={session.signedInAt} />
                </dd>
                <dt className="font-semibold text-slate-700">Dernière activité</dt>
                <dd className="text-slate-900">
                  <DateTime value={session.lastActiveAt} />
                </dd>
              </dl>
              {session.current ? null : (
                <Form method="post" className="mt-3">
                  <input type="hidden" name="intent" value={ACCOUNT_INTENTS.endSession} />
                  <input type="hidden" name="sessionId" value={session.id} />
                  <button type="submit" aria-describedby={headingId} disabled={ending(session.id)} className={secondaryButton}>
                    {ending(session.id) ? "Déconnexion..." : "Déconnecter cet appareil"}
                  </button>
                </Form>
              )}
            </li>
          );
        })}
      </ul>

      <div className="mt-6 border-t border-slate-200 pt-5">
        <p id="aide-deconnexion-partout" className="text-slate-700">
          Vous pouvez aussi fermer votre espace sur tous vos appareils d'un coup, celui-ci compris. Vous devrez ensuite
          vous reconnecter.
        </p>
        <div className="mt-3">
          <ConfirmedActionForm
            fields={{ intent: ACCOUNT_INTENTS.endAllSessions }}
            title={END_ALL_SESSIONS_CONFIRMATION.title}
            description={END_ALL_SESSIONS_CONFIRMATION.description}
            confirmLabel={END_ALL_SESSIONS_CONFIRMATION.confirmLabel}
            aria-describedby="aide-deconnexion-partout"
            disabled={endingAll}
            buttonClassName={dangerButton}
          >
            {endingAll ? "Déconnexion..." : "Me déconnecter partout"}
          </ConfirmedActionForm>
        </div>
      </div>
    </AccountSection>
  );
}
