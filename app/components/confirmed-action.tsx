import { useRef, useState, type ReactNode } from "react";
import { Form, Link, useSubmit } from "react-router";
import { CONFIRMATION_FIELD, CONFIRMATION_VALUE, type ConfirmationRequest } from "~/lib/confirmation";
import { buttonClasses } from "./ui/button";
import { ConfirmDialog } from "./ui/dialog";
import { useHydrated } from "./use-resettable-state";

interface ConfirmedActionFormProps {
  /** Posted with the action: intent, record id… */
  fields: Record<string, string>;
  /** What the dialog asks and says will happen. */
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** The button that starts the action. */
  children: ReactNode;
  buttonClassName: string;
  disabled?: boolean;
  "aria-describedby"?: string;
  action?: string;
}

const cancelButton = buttonClasses({ variant: "secondary" });
const confirmButton = buttonClasses({ variant: "danger" });

/**
 * A destructive action that asks first. With JavaScript, an accessible dialog (Radix AlertDialog: focus kept
 * inside, Escape cancels, 'Annuler' has the focus first). Without it, the post reaches the action unconfirmed and
 * the action answers with a confirmation page (ConfirmationPanel), which posts again, confirmed.
 */
export function ConfirmedActionForm({
  fields,
  title,
  description,
  confirmLabel,
  children,
  buttonClassName,
  disabled,
  action,
  "aria-describedby": describedBy,
}: ConfirmedActionFormProps) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const submit = useSubmit();

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      onConfirm={() => {
        const data = new FormData(form.current ?? undefined);
        data.set(CONFIRMATION_FIELD, CONFIRMATION_VALUE);
        void submit(data, { method: "post", action });
      }}
    >
      <Form method="post" action={action} ref={form}>
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button
          type="submit"
          disabled={disabled}
          aria-describedby={describedBy}
          className={buttonClassName}
          onClick={(event) => {
            if (!hydrated) return;
            event.preventDefault();
            setOpen(true);
          }}
        >
          {children}
        </button>
      </Form>
    </ConfirmDialog>
  );
}

/** The confirmation page an unconfirmed post (without JavaScript) answers with. */
export function ConfirmationPanel({ request, cancelTo, action }: { request: ConfirmationRequest; cancelTo: string; action?: string }) {
  return (
    <section aria-labelledby="titre-confirmation-action" className="mx-auto max-w-xl px-4 py-10">
      <div className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <h1 id="titre-confirmation-action" className="text-2xl font-bold text-slate-900">
          {request.title}
        </h1>
        <p className="mt-3 text-slate-800">{request.description}</p>
        <Form method="post" action={action} className="mt-6 flex flex-wrap gap-2">
          {Object.entries(request.fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <input type="hidden" name={CONFIRMATION_FIELD} value={CONFIRMATION_VALUE} />
          <button type="submit" className={confirmButton}>
            {request.confirmLabel}
          </button>
          <Link to={cancelTo} className={cancelButton}>
            Annuler
          </Link>
        </Form>
      </div>
    </section>
  );
}
