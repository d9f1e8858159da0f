import { Form } from "react-router";
import { SubmitButton } from "./form-controls";
import { TextField } from "./ui/field";
import { useSubmitting } from "~/components/use-submitting";

/** Asks for a new confirmation link; posts to /verifier-email, which answers the same way for every address. */
export function ResendConfirmationForm({ email, error }: { email?: string; error?: string }) {
  const busy = useSubmitting({ action: "/verifier-email" });
  return (
    <Form method="post" action="/verifier-email" className="mt-4 space-y-4 rounded-lg border border-slate-200 bg-slate-50 p-4">
      <input type="hidden" name="intent" value="resend" />
      {email ? (
        <input type="hidden" name="email" value={email} />
      ) : (
        <TextField name="email" label="Votre adresse email" type="email" inputMode="email" autoComplete="email" error={error} />
      )}
      <SubmitButton busy={busy} busyLabel="Envoi...">
        Recevoir un nouveau lien de confirmation
      </SubmitButton>
    </Form>
  );
}
