import { FormAlert, useFormValidation, ValidatedForm } from "~/components/form-controls";
import { FieldError, fieldId, SelectField, TextField } from "~/components/ui/field";
import type { FieldErrors } from "~/lib/form";
import { PAYMENT_METHODS, paymentMethodLabel } from "~/modules/cases/cases.schema";
import { paymentSchema, type PaymentFormValues } from "~/modules/case-file/case-file.schema";
import {
  BENEFICIARY_KIND_LABELS,
  BENEFICIARY_KINDS,
  CURRENCIES,
  CURRENCY_LABELS,
  WALLET_NETWORK_LABELS,
  WALLET_NETWORKS,
} from "~/modules/case-file/case-file-format";
import { Button } from "~/components/ui/button";

/** Adds or edits one payment; posts without JavaScript, checked in the browser with the same schema when it runs. */
export function PaymentForm({
  action,
  values,
  errors,
  formError,
  submitLabel,
}: {
  /** The posting route; the current one when absent. */
  action?: string;
  values: PaymentFormValues;
  errors?: FieldErrors;
  formError?: string;
  submitLabel: string;
}) {
  const validation = useFormValidation(paymentSchema, errors);
  const kindError = validation.errors.beneficiary_kind;
  /** A field's name, what was typed or saved, and its error. */
  const field = (name: keyof PaymentFormValues) => ({ name, defaultValue: values[name], error: validation.errors[name] });
  return (
    <ValidatedForm validation={validation} action={action} className="space-y-5" data-payment-form="">
      <FormAlert message={formError} />
      <input type="hidden" name="intent" value="save" />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          {...field("paid_on")}
          label="Date du paiement"
          hint="JJ-MM-AAAA, la date du débit sur votre compte"
          inputMode="numeric"
          autoComplete="off"
          placeholder="JJ-MM-AAAA"
        />
        <TextField
          {...field("amount")}
          label="Montant"
          hint="Par exemple 1 234,56"
          inputMode="decimal"
          autoComplete="off"
        />
        <SelectField name="currency" label="Devise" defaultValue={values.currency || "EUR"} error={validation.errors.currency}>
          {CURRENCIES.map((currency) => (
            <option key={currency} value={currency}>
              {CURRENCY_LABELS[currency]}
            </option>
          ))}
        </SelectField>
        <SelectField name="method" label="Moyen de paiement" defaultValue={values.method} error={validation.errors.method}>
          <option value="">Choisissez…</option>
          {PAYMENT_METHODS.map((method) => (
            <option key={method} value={method}>
              {paymentMethodLabel(method)}
            </option>
          ))}
        </SelectField>
      </div>

      <fieldset aria-describedby={kindError ? `${fieldId("beneficiary_kind")}-erreur` : undefined}>
        <legend className="text-sm font-semibold text-slate-800">À qui l'argent a-t-il été envoyé&#x202f;?</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {BENEFICIARY_KINDS.map((kind, index) => (
            <label key={kind} className="flex min-h-11 items-center gap-3 rounded-md border border-slate-300 px-3 py-2">
              <input
                type="radio"
                name="beneficiary_kind"
                value={kind}
                id={index === 0 ? fieldId("beneficiary_kind") : undefined}
                defaultChecked={values.beneficiary_kind === kind}
                className="size-5"
              />
              <span>{BENEFICIARY_KIND_LABELS[kind]}</span>
            </label>
          ))}
        </div>
        <FieldError id={`${fieldId("beneficiary_kind")}-erreur`} message={kindError} />
      </fieldset>

      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          {...field("beneficiary")}
          label="Bénéficiaire"
          hint="L'IBAN, l'adresse du portefeuille, le nom du commerçant ou toute autre indication"
          autoComplete="off"
          spellCheck={false}
        />
        <SelectField
          name="wallet_network"
          label="Réseau (adresse crypto seulement)"
          defaultValue={values.wallet_network}
          error={validation.errors.wallet_network}
        >
          <option value="">—</option>
          {WALLET_NETWORKS.map((network) => (
            <option key={network} value={network}>
              {WALLET_NETWORK_LABELS[network]}
            </option>
          ))}
        </SelectField>
        <TextField
          {...field("payer_bank")}
          label="Votre banque (compte débité), facultatif"
          hint="Elle recevra la lettre de contestation"
          autoComplete="off"
        />
        <TextField name="note" label="Précision, facultatif" autoComplete="off" defaultValue={values.note} error={validation.errors.note} />
      </div>
      <Button size="lg" type="submit">
        {submitLabel}
      </Button>
    </ValidatedForm>
  );
}
