import { cva } from "class-variance-authority";
import { useState, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from "react";
import { useHydrated } from "../use-resettable-state";

/** The id of a field's control: `champ-<name>` unless the field sets its own. */
export function fieldId(name: string): string {
  return `champ-${name}`;
}

/** Text inputs, selects and text areas: 44 px high at least, a red border while the field is in error. */
export const controlVariants = cva("mt-1 block w-full min-h-11 rounded-md border bg-white px-3 py-2.5 text-base shadow-sm disabled:bg-slate-100", {
  variants: { invalid: { true: "border-red-600", false: "border-slate-400" } },
  defaultVariants: { invalid: false },
});

export function controlClasses(error: string | undefined): string {
  return controlVariants({ invalid: Boolean(error) });
}

/** What a field passes to its control: its id and the links to its hint and error, as screen readers need them. */
export interface ControlProps {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

/**
 * A labelled field: the label, a hint, the control (drawn by `control` with the ids it must carry), what follows it,
 * then the French error. The error and the hint are tied to the control by aria-describedby, aria-invalid marks it.
 */
export function Field({
  id,
  label,
  hint,
  error,
  className,
  control,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  className?: string;
  control(props: ControlProps): ReactNode;
  /** Shown right after the control, before the error (a list of suggestions, a status line). */
  children?: ReactNode;
}) {
  const errorId = `${id}-erreur`;
  const hintId = hint ? `${id}-aide` : undefined;
  return (
    <div className={className}>
      <FieldLabel id={id} label={label} hint={hint} />
      {control({
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": [hintId, error ? errorId : undefined].filter(Boolean).join(" ") || undefined,
      })}
      {children}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/**
 * A control's label and hint (`<id>-aide`, for aria-describedby). Field draws it; a page drawing its own control
 * with another look passes its classes.
 */
export function FieldLabel({
  id,
  label,
  hint,
  labelClassName = "block text-sm font-semibold text-slate-800",
  hintClassName = "mt-0.5 text-sm text-slate-600",
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  labelClassName?: string;
  hintClassName?: string;
}) {
  return (
    <>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      {hint ? (
        <p id={`${id}-aide`} className={hintClassName}>
          {hint}
        </p>
      ) : null}
    </>
  );
}

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  name: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** Shown right after the input, before the error (a list of suggestions, a status line). */
  children?: ReactNode;
}

export function TextField({ name, label, error, hint, id, className, children, type, ...input }: TextFieldProps) {
  return (
    <NamedField
      {...{ name, label, error, hint, id, className }}
      control={(control) =>
        type === "password" ? (
          <PasswordInput name={name} className={controlClasses(error)} {...control} {...input} />
        ) : (
          <input name={name} type={type} className={controlClasses(error)} {...control} {...input} />
        )
      }
    >
      {children}
    </NamedField>
  );
}

/** A Field whose control is named `name` and carries the id `champ-<name>` unless told otherwise. */
function NamedField({ name, id, ...field }: Omit<Parameters<typeof Field>[0], "id"> & { name: string; id?: string }) {
  return <Field id={id ?? fieldId(name)} {...field} />;
}

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  name: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
}

/** A labelled <select> with the same hint, error and look as a text field. */
export function SelectField({ name, label, error, hint, id, className, children, ...select }: SelectFieldProps) {
  return (
    <NamedField
      {...{ name, label, error, hint, id, className }}
      control={(control) => (
        <select name={name} className={controlClasses(error)} {...control} {...select}>
          {children}
        </select>
      )}
    />
  );
}

/** A compact <select> for filters and row actions (beside a label of its own). */
export function Select({ className, ...select }: SelectHTMLAttributes<HTMLSelectElement>) {
  return <select className={["min-h-11 rounded-md border border-slate-400 bg-white px-2", className].filter(Boolean).join(" ")} {...select} />;
}

/**
 * A password input with a show/hide button (every password field of the site goes through TextField). The
 * button appears once JavaScript runs: without it there is nothing it could do.
 */
function PasswordInput({ id, className, ...input }: InputHTMLAttributes<HTMLInputElement> & { id: string }) {
  const [shown, setShown] = useState(false);
  const hydrated = useHydrated();
  return (
    <div className="relative">
      <input id={id} type={shown ? "text" : "password"} className={`${className ?? ""} pr-28`} {...input} />
      {hydrated ? (
        <button
          type="button"
          aria-controls={id}
          aria-pressed={shown}
          onClick={() => setShown((current) => !current)}
          className="absolute inset-y-0 right-0 mt-1 inline-flex min-h-11 min-w-11 items-center rounded-r-md px-3 text-sm font-semibold text-brand-800 underline underline-offset-2"
        >
          {shown ? "Masquer" : "Afficher"}
          <span className="sr-only"> le mot de passe</span>
        </button>
      ) : null}
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
