import { Form } from "react-router";
import { Button } from "~/components/ui/button";

interface EmailStatusProps {
  email: { id: string; recipient: string; status: "sent" | "failed"; error: string | null; attempts: number; retriable: boolean };
}

/** An e-mail's delivery: sent, or failed with its error and, once its job gave up, the button to send it again. */
export function EmailStatus({ email }: EmailStatusProps) {
  if (email.status === "sent") return <span className="font-semibold text-green-800">Envoyé</span>;
  return (
    <>
      <span className="font-semibold text-red-800">Échec</span>
      <span className="block text-sm text-slate-800">{email.error}</span>
      {email.retriable ? (
        <Form method="post" action="/admin/emails?intent=retry">
          <input type="hidden" name="intent" value="retry" />
          <input type="hidden" name="emailId" value={email.id} />
          <Button variant="secondary" className="mt-1">
            Réessayer<span className="sr-only"> l'envoi à {email.recipient}</span>
          </Button>
        </Form>
      ) : (
        <span className="block text-sm text-slate-700">Nouvel essai automatique en cours ({email.attempts} essai(s)).</span>
      )}
    </>
  );
}

/** Where an e-mail came from: its template, a manual send, or neither. */
export function emailOrigin(email: { templateName: string | null; manual: boolean }): string {
  return email.templateName ?? (email.manual ? "Envoi manuel" : "—");
}
