import { FormAlert, useFormValidation, ValidatedForm } from "~/components/form-controls";
import { controlClasses, FieldError, fieldId, TextField } from "~/components/ui/field";
import type { FieldErrors } from "~/lib/form";
import { identifierSchema } from "~/modules/case-file/case-file.schema";
import { IDENTIFIER_KIND_LABELS, TYPED_IDENTIFIER_KINDS } from "~/modules/case-file/case-file-format";
import { Button } from "~/components/ui/button";

/** Adds one identifier of the scammer; posts without JavaScript. */
export function IdentifierForm({
  action,
  values,
  errors,
  formError,
}: {
  action: string;
  values: Record<string, string>;
  errors?: FieldErrors;
  formError?: string;
}) {
  const validation = useFormValidation(identifierSchema, errors);
  const kindId = fieldId("kind");
  return (
    <ValidatedForm validation={validation} action={action} className="space-y-5" data-identifier-form="">
      <FormAlert message={formError} />
      <input type="hidden" name="intent" value="add" />
      <div>
        <label htmlFor={kindId} className="block text-sm font-semibold text-slate-800">
          Type d'identifiant
        </label>
        <select
          id={kindId}
          name="kind"
          defaultValue={values.kind ?? ""}
          aria-invalid={validation.errors.kind ? true : undefined}
          aria-describedby={validation.errors.kind ? `${kindId}-erreur` : undefined}
          className={controlClasses(validation.errors.kind)}
        >
          <option value="">Choisissez…</option>
          {TYPED_IDENTIFIER_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {IDENTIFIER_KIND_LABELS[kind]}
            </option>
          ))}
        </select>
        <FieldError id={`${kindId}-erreur`} message={validation.errors.kind} />
      </div>
      <TextField
        name="value"
        label="Identifiant"
        hint="Tel que vous l'avez vu&#x202f;: +33 6 12 34 56 78, contact@faux-site.com, www.faux-site.com, « Marc Dubois »…"
        autoComplete="off"
        spellCheck={false}
        defaultValue={values.value ?? ""}
        error={validation.errors.value}
      />
      <TextField name="note" label="Précision, facultatif" autoComplete="off" defaultValue={values.note ?? ""} error={validation.errors.note} />
      <Button size="lg" type="submit">
        Ajouter l'identifiant
      </Button>
    </ValidatedForm>
  );
}
