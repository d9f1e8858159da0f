import { Form, useNavigation } from "react-router";
import { ErrorSummary, FormAlert, NewPasswordField, SubmitButton, useFormValidation } from "~/components/form-controls";
import { TextField } from "~/components/ui/field";
import { useResettableState } from "~/components/use-resettable-state";
import type { FieldErrors } from "~/lib/form";
import { ACCOUNT_INTENTS, changePasswordSchema, type ChangePasswordField } from "~/modules/accounts/account-settings.schema";
import type { DateTimeText } from "~/lib/format";

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
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === ACCOUNT_INTENTS.changePassword;
  const { errors, focusRequest, validate, clear } = useFormValidation(changePasswordSchema, result?.fieldErrors);
  const [shown, setShown] = useResettableState(result);

  return (
    <section aria-labelledby="titre-mot-de-passe" className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 id="titre-mot-de-passe" className="text-xl font-bold text-slate-900">
        Changer mon mot de passe
      </h2>
      <p className="mt-2 text-slate-700">
        Après le changement, vos autres appareils seront déconnectés. Cet appareil reste connecté.
      </p>
      {changedAt ? (
        <p className="mt-1 text-sm text-slate-700">
          Dernière modification : <time dateTime={changedAt.iso}>{changedAt.text}</time>
        </p>
      ) : null}
      <Form
        key={changedAt?.iso}
        method="post"
        noValidate
        className="mt-5 space-y-5"
        onSubmit={(event) => {
          if (!validate(event.currentTarget)) event.preventDefault();
        }}
        onChange={(event) => {
          setShown(undefined);
          clear((event.target as unknown as { name: string }).name);
        }}
      >
        <input type="hidden" name="intent" value={ACCOUNT_INTENTS.changePassword} />
        {/* Lets a password manager know whose password this is. */}
        <input type="email" autoComplete="username" value={email} readOnly hidden />
        <ErrorSummary errors={errors} focusRequest={focusRequest} />
        <FormAlert message={shown?.formError} />
        <fieldset disabled={busy} className="space-y-5">
          <TextField
            name="currentPassword"
            label="Mot de passe actuel"
            type="password"
            autoComplete="current-password"
            error={errors.currentPassword}
          />
          <NewPasswordField name="newPassword" label="Nouveau mot de passe" error={errors.newPassword} />
          <TextField
            name="confirmPassword"
            label="Confirmer le nouveau mot de passe"
            type="password"
            autoComplete="new-password"
            error={errors.confirmPassword}
          />
        </fieldset>
        <SubmitButton busy={busy} busyLabel="Modification...">
          Changer mon mot de passe
        </SubmitButton>
      </Form>
    </section>
  );
}
