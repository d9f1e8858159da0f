import { NEW_PASSWORD_HINT } from "~/modules/accounts/accounts.schema";
import { useEffect, useId, useRef, useState, type ReactNode, type Ref } from "react";
import { AUTOMATIC_RETRY_TEXT } from "./use-automatic-retry";
import { Button } from "./ui/button";
import { fieldId, TextField } from "./ui/field";
import { Form, type FormProps } from "react-router";
import { useHydrated, useResettableState } from "./use-resettable-state";
import type { z } from "zod";
import { fieldErrors, formValues, type FieldErrors } from "~/lib/form";

const NO_ERRORS: FieldErrors = {};

/**
 * Client-side validation with the same schema the action uses. Errors come from the last submit
 * (browser or server); a field's error clears when that field is edited.
 */
export function useFormValidation(schema: z.ZodType, serverErrors: FieldErrors | undefined) {
  const [errors, setErrors] = useResettableState<FieldErrors>(serverErrors ?? NO_ERRORS);
  // Each failed submit (in the browser, or answered by the server) moves the focus to the error summary.
  const [focusRequest, setFocusRequest] = useState(0);
  const [answered, setAnswered] = useState(serverErrors);
  if (serverErrors !== answered) {
    setAnswered(serverErrors);
    if (serverErrors && Object.keys(serverErrors).length > 0) setFocusRequest((request) => request + 1);
  }
  return {
    errors,
    focusRequest,
    /** Checks the form; on failure shows the errors and the error summary, which takes the focus. */
    validate(form: HTMLFormElement): boolean {
      const result = schema.safeParse(formValues(new FormData(form)));
      if (result.success) {
        setErrors({});
        return true;
      }
      setErrors(fieldErrors(result.error));
      setFocusRequest((request) => request + 1);
      return false;
    },
    clear(field: string) {
      setErrors((current) => {
        if (!(field in current)) return current;
        const next = { ...current };
        delete next[field];
        return next;
      });
    },
  };
}

/**
 * The error summary at the top of a form (GOV.UK / DSFR pattern): how many errors, each message a link to its
 * field. It takes the focus after a failed submit; rendered by the server after a post without JavaScript, it is
 * the first thing of the form and the browser focuses it (autofocus).
 */
export function ErrorSummary({
  errors,
  focusRequest = 0,
  fieldIds = {},
  order,
}: {
  errors: FieldErrors;
  /** The fields in the order the form shows them, when the schema checks them in another order. */
  order?: readonly string[];
  /** Increments on each failed submit. */
  focusRequest?: number;
  /** Fields whose control is not `champ-<name>`. */
  fieldIds?: Record<string, string>;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const hydrated = useHydrated();
  const rank = (field: string) => (order?.includes(field) ? order.indexOf(field) : Number.MAX_SAFE_INTEGER);
  const entries = Object.entries(errors)
    .filter((entry): entry is [string, string] => Boolean(entry[1]))
    .sort(([a], [b]) => rank(a) - rank(b));
  useEffect(() => {
    if (focusRequest > 0) ref.current?.focus();
  }, [focusRequest]);
  if (entries.length === 0) return null;
  const count = entries.length;
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="group"
      aria-labelledby={titleId}
      data-error-summary=""
      {...(hydrated ? {} : { autoFocus: true })}
      className="rounded-md border-2 border-red-700 bg-red-50 px-4 py-3 text-red-900 focus:outline-3 focus:outline-offset-2 focus:outline-red-800"
    >
      <h2 id={titleId} className="text-base font-bold">
        {count === 1 ? "Il y a 1 erreur" : `Il y a ${count} erreurs`}
      </h2>
      <ul className="mt-2 space-y-1">
        {entries.map(([field, message]) => {
          const target = fieldIds[field] ?? fieldId(field);
          return (
            <li key={field}>
              <a
                href={`#${target}`}
                onClick={(event) => {
                  const control = document.getElementById(target);
                  if (!control) return;
                  event.preventDefault();
                  control.focus();
                  control.scrollIntoView({ block: "center" });
                }}
                className="inline-flex min-h-11 items-center font-medium underline underline-offset-2"
              >
                {message}
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

export function FormAlert({ message, retrying = false }: { message?: string; retrying?: boolean }) {
  if (!message) return null;
  return (
    <div role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
      {message}
      {retrying ? <p className="mt-1 font-normal">{AUTOMATIC_RETRY_TEXT}</p> : null}
    </div>
  );
}

export function SubmitButton({ busy, busyLabel, children }: { busy: boolean; busyLabel: string; children: ReactNode }) {
  return (
    <Button disabled={busy} aria-disabled={busy} className="w-full gap-2 py-3 text-base disabled:opacity-70">
      {busy ? (
        <>
          <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-white border-t-transparent" />
          {busyLabel}
        </>
      ) : (
        children
      )}
    </Button>
  );
}

/** A password field: the one already chosen unless autoComplete says otherwise. */
export function PasswordField({
  name,
  label,
  error,
  hint,
  autoComplete = "current-password",
}: {
  name: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  autoComplete?: "current-password" | "new-password";
}) {
  return <TextField name={name} label={label} type="password" autoComplete={autoComplete} hint={hint} error={error} />;
}

/** A form's fields, all disabled while it is being sent, then its submit button (which says busyLabel meanwhile). */
export function FieldsAndSubmit({
  busy,
  busyLabel,
  submitLabel,
  children,
}: {
  busy: boolean;
  busyLabel: string;
  submitLabel: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <fieldset disabled={busy} className="space-y-5">
        {children}
      </fieldset>
      <SubmitButton busy={busy} busyLabel={busyLabel}>
        {submitLabel}
      </SubmitButton>
    </>
  );
}

/** A field for choosing a password, with the rule and the advice the sign-up, reset and account forms share. */
export function NewPasswordField({ name, label, error }: { name: string; label: string; error?: string }) {
  return <PasswordField name={name} label={label} autoComplete="new-password" hint={NEW_PASSWORD_HINT} error={error} />;
}

type FormValidation = Pick<ReturnType<typeof useFormValidation>, "validate" | "clear" | "errors" | "focusRequest">;

/**
 * A post form checked in the browser with its shared schema before it leaves (it still posts without JavaScript):
 * an invalid form stays put with its errors, and editing a field clears that field's error (and calls onEdit).
 */
export function ValidatedForm({
  validation,
  onEdit,
  errorOrder,
  children,
  formRef,
  ...form
}: Omit<FormProps, "onSubmit" | "onChange"> & {
  /** The form element (a page that sends it again by itself, useAutomaticRetry). */
  formRef?: Ref<HTMLFormElement>;
  validation: FormValidation;
  onEdit?: (field: string) => void;
  /** The error summary's order: the form's fields from top to bottom (ErrorSummary's `order`). */
  errorOrder?: readonly string[];
}) {
  return (
    <Form
      ref={formRef}
      method="post"
      noValidate
      {...form}
      onSubmit={(event) => {
        if (!validation.validate(event.currentTarget)) event.preventDefault();
      }}
      onChange={(event) => {
        const field = (event.target as unknown as { name: string }).name;
        onEdit?.(field);
        validation.clear(field);
      }}
    >
      <ErrorSummary errors={validation.errors} focusRequest={validation.focusRequest} order={errorOrder} />
      {children}
    </Form>
  );
}
