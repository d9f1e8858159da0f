import { AccountSection } from "~/components/account/account-section";
import { FieldsAndSubmit, FormAlert, NewPasswordField, PasswordField, useFormValidation, ValidatedForm } from "~/components/form-controls";
import { useResettableState } from "~/components/use-resettable-state";
import type { FieldErrors } from "~/lib/form";
import { ACCOUNT_INTENTS, changePasswordSchema, type ChangePasswordField } from "~/modules/accounts/account-settings.schema";
import type { DateTimeText } from "~/lib/format";
import { useSubmitting } from "~/components/use-submitting";

export interface PasswordFormResult {
  fieldErrors?: FieldErrors<ChangePasswordField>;
  formError?: string;
}

/**
 * Current password, new password and its confirmation. Typed passwords are never sent back: after an error the
 * fields start empty again. The form is keyed by the password's last change, so it also empties after a success.
 */
export function PasswordSection({
  email,
  changedAt,
  result,
}: {
  email: string;
  changedAt: DateTimeText | null;
  result: PasswordFormResult | undefined;
}) {
  const busy = useSubmitting({ field: ["intent", ACCOUNT_INTENTS.changePassword] });
  const validation = useFormValidation(changePasswordSchema, result?.fieldErrors);
  const { errors } = validation;
  const [shown, setShown] = useResettableState(result);

  return (
    <AccountSection
      id="titre-mot-de-passe"
      title="Changer mon mot de passe"
      intro="Après le changement, vos autres appareils seront déconnectés. Cet appareil reste connecté."
    >
      {changedAt ? (
        <p className="mt-1 text-sm text-slate-700">
          Dernière modification&#x202f;: <time dateTime={changedAt.iso}>{changedAt.text}</time>
        </p>
      ) : null}
      <ValidatedForm key={changedAt?.iso} validation={validation} className="mt-5 space-y-5" onEdit={() => setShown(undefined)}>
        <input type="hidden" name="intent" value={ACCOUNT_INTENTS.changePassword} />
        {/* Lets a password manager know whose password this is. */}
        <input type="email" autoComplete="username" value={email} readOnly hidden />
        <FormAlert message={shown?.formError} />
        <FieldsAndSubmit busy={busy} busyLabel="Modification..." submitLabel="Changer mon mot de passe">
          <PasswordField name="currentPassword" label="Mot de passe actuel" error={errors.currentPassword} />
          <NewPasswordField name="newPassword" label="Nouveau mot de passe" error={errors.newPassword} />
          <PasswordField
            name="confirmPassword"
            label="Confirmer le nouveau mot de passe"
            autoComplete="new-password"
            error={errors.confirmPassword}
          />
        </FieldsAndSubmit>
      </ValidatedForm>
    </AccountSection>
  );
}
