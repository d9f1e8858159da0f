import { NEW_PASSWORD_HINT } from "~/modules/accounts/accounts.schema";
import type { InputHTMLAttributes, ReactNode } from "react";
import { Form, type FormProps } from "react-router";
import { useResettableState } from "./use-resettable-state";
import type { z } from "zod";
import { fieldErrors, formValues, type FieldErrors } from "~/lib/form";

const NO_ERRORS: FieldErrors = {};

/**
 * Client-side validation with the same schema the action uses. Errors come from the last submit
 * (browser or server); a field's error clears when that field is edited.
 */
export function useFormValidation(schema: z.ZodType, serverErrors: FieldErrors | undefined) {
  const [errors, setErrors] = useResettableState<FieldErrors>(serverErrors ?? NO_ERRORS);
  return {
    errors,
    /** Checks the form; on failure shows the errors and moves the focus to the first field in error. */
    validate(form: HTMLFormElement): boolean {
      const result = schema.safeParse(formValues(new FormData(form)));
      if (result.success) {
        setErrors({});
        return true;
      }
      const next = fieldErrors(result.error);
      setErrors(next);
      const first = Array.from(form.elements).find(
        (element): element is HTMLInputElement =>
          "name" in element && Object.hasOwn(next, (element as HTMLInputElement).name),
      );
      first?.focus();
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

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  name: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** Shown right after the input, before the error (a list of suggestions, a status line). */
  children?: ReactNode;
}

export function TextField({ name, label, error, hint, id, className, children, ...input }: FieldProps) {
  const inputId = id ?? `champ-${name}`;
  const errorId = `${inputId}-erreur`;
  const hintId = hint ? `${inputId}-aide` : undefined;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="mt-0.5 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <input
        id={inputId}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, error ? errorId : undefined].filter(Boolean).join(" ") || undefined}
        className={`mt-1 block w-full rounded-md border bg-white px-3 py-2.5 text-base shadow-sm disabled:bg-slate-100 ${
          error ? "border-red-600" : "border-slate-400"
        }`}
        {...input}
      />
      {children}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm font-medium text-red-700">
      {message}
    </p>
  );
}

export function FormAlert({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <div role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
      {message}
    </div>
  );
}

export function SubmitButton({ busy, busyLabel, children }: { busy: boolean; busyLabel: string; children: ReactNode }) {
  return (
    <button
      type="submit"
      disabled={busy}
      aria-disabled={busy}
      className="inline-flex w-full items-center justify-center gap-2 rounded-md bg-brand-700 px-4 py-3 text-base font-semibold text-white hover:bg-brand-800 disabled:opacity-70"
    >
      {busy ? (
        <>
          <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-white border-t-transparent" />
          {busyLabel}
        </>
      ) : (
        children
      )}
    </button>
  );
}

/** A field for choosing a password, with the rule and the advice the sign-up, reset and account forms share. */
export function NewPasswordField({ name, label, error }: { name: string; label: string; error?: string }) {
  return <TextField name={name} label={label} type="password" autoComplete="new-password" hint={NEW_PASSWORD_HINT} error={error} />;
}

type FormValidation = Pick<ReturnType<typeof useFormValidation>, "validate" | "clear">;

/**
 * A post form checked in the browser with its shared schema before it leaves (it still posts without JavaScript):
 * an invalid form stays put with its errors, and editing a field clears that field's error (and calls onEdit).
 */
export function ValidatedForm({
  validation,
  onEdit,
  children,
  ...form
}: Omit<FormProps, "onSubmit" | "onChange"> & { validation: FormValidation; onEdit?: (field: string) => void }) {
  return (
    <Form
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
      {children}
    </Form>
  );
}
