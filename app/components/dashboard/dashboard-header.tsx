import { Form } from "react-router";

export function DashboardHeader({ firstName, lastName, title }: { firstName: string; lastName: string; title?: string }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-4">
      <div>
        {title ? <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{title}</p> : null}
        <h1 className="text-2xl font-bold">
          Bonjour {firstName} {lastName}
        </h1>
      </div>
      <Form method="post" action="/deconnexion">
        <button type="submit" className="rounded-md border border-slate-400 bg-white px-4 py-2 font-semibold hover:bg-slate-100">
          Se déconnecter
        </button>
      </Form>
    </div>
  );
}
