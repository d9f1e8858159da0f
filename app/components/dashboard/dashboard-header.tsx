import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { buttonClasses } from "~/components/ui/button";

const headerButton = buttonClasses({ variant: "secondary" }, "py-2");

/**
 * The page's single h1: the greeting, or the dashboard's title when there is one (the greeting then follows it).
 */
export function DashboardHeader({
  firstName,
  lastName,
  title,
  withAccountActions = true,
}: {
  firstName: string;
  lastName: string;
  title?: ReactNode;
  /** Off in the staff shell, whose bar already holds 'Mon compte' and 'Se déconnecter'. */
  withAccountActions?: boolean;
}) {
  const greeting = `Bonjour ${firstName} ${lastName}`.trim();
  return (
    <div className="flex flex-wrap items-start justify-between gap-4">
      <div>
        {title ? (
          <>
            <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
            <p className="mt-1 text-lg text-slate-700">{greeting}</p>
          </>
        ) : (
          <>
            <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{greeting}</h1>
            <p className="mt-1 text-slate-700">Bienvenue dans votre espace personnel.</p>
          </>
        )}
      </div>
      {withAccountActions ? (
      <div className="flex flex-wrap items-center gap-2">
        <AccountActions buttonClassName={headerButton} />
      </div>
      ) : null}
    </div>
  );
}

/** 'Mon compte' and 'Se déconnecter'; signing out is a POST so that a link prefetch or a crawler can never end the session. */
export function AccountActions({ buttonClassName }: { buttonClassName: string }) {
  return (
    <>
      <Link to="/compte" className={buttonClassName}>
        Mon compte
      </Link>
      <Form method="post" action="/deconnexion">
        <button type="submit" className={buttonClassName}>
          Se déconnecter
        </button>
      </Form>
    </>
  );
}
