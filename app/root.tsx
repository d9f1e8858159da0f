import { useAppLinkNavigation } from "~/components/ui/app-link";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import { useEffect, useRef, useState } from "react";
import { z } from "zod";
import type { Route } from "./+types/root";
import appStylesheet from "./app.css?url";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { NotFoundMessage, RefusalMessage } from "~/components/not-found-message";
import { ToastRegion } from "~/components/toast";
import { StaffShell, type StaffPerson } from "~/components/staff-shell";
import { isStaffRole, isWorkspacePath } from "~/lib/staff-navigation";
import { NavigationProgress } from "~/components/ui/navigation-progress";
import { useNonce } from "~/components/nonce";
import { currentActor, toastContext } from "~/platform/guards.server";
import { resolveActorMiddleware } from "~/modules/accounts/actor-middleware.server";
import { rejectMalformedFormMiddleware } from "~/platform/request-validation.server";
import { feeModelFrom, figureSourcesFrom, operatorIdentity } from "~/content/operator.server";
import { operatorPlaceholders, pageTitle } from "~/content/site";
import { env } from "~/platform/env.server";
import { pageRunsWithoutScripts, pageScriptsWaitForInteraction } from "~/lib/page-handle";
import { HydrateOnInteraction, SubmitOnceUntilHydrated } from "~/components/hydrate-on-interaction";
import { buttonClasses } from "~/components/ui/button";

// In the browser, zod must not probe `new Function`: the page's CSP (no 'unsafe-eval') refuses it and the browser
// reports a violation on every page with a form. The server keeps zod's faster compiled checks.
if (typeof document !== "undefined") z.config({ jitless: true });

export const middleware: Route.MiddlewareFunction[] = [rejectMalformedFormMiddleware, resolveActorMiddleware];

/** The title of an error page (a page's own meta names it otherwise). */
export const meta: Route.MetaFunction = ({ error }) => {
  if (!error) return [];
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const refusal = isRouteErrorResponse(error) ? refusalMessage(error.data) : null;
  const title = refusal ?? (status === 404 ? "Page introuvable" : status === 403 ? "Accès refusé" : "Erreur");
  return [{ title: pageTitle(title) }, { name: "robots", content: "noindex" }];
};

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export function loader({ context }: Route.LoaderArgs) {
  const actor = currentActor(context);
  const staff: StaffPerson | null =
    actor.kind === "user" && isStaffRole(actor.role)
      ? { firstName: actor.firstName, lastName: actor.lastName, role: actor.role }
      : null;
  return {
    member: actor.kind === "user" ? actor.role : null,
    staff,
    toast: context.get(toastContext),
    publicUrl: env().PUBLIC_URL,
    operator: operatorIdentity(env()),
    figureSources: figureSourcesFrom(env()),
    fees: feeModelFrom(env()),
  };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  useAppLinkNavigation();
  useEffect(() => {
    // Effects run once React has committed the hydrated page: browser tests wait for this mark before typing.
    document.documentElement.dataset.hydrated = "true";
  }, []);
  const data = useRouteLoaderData<typeof loader>("root");
  const matches = useMatches();
  const withoutScripts = pageRunsWithoutScripts(matches);
  const scriptsWaitForInteraction = pageScriptsWaitForInteraction(matches);
  const { pathname } = useLocation();
  const staff = data?.staff && isWorkspacePath(pathname) ? data.staff : null;
  return (
    <html lang="fr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1e3a8a" />
        {scriptsWaitForInteraction && !withoutScripts ? <SubmitOnceUntilHydrated nonce={nonce} /> : null}
        <Meta />
        {/* With a precedence, React writes the stylesheet before the scripts' modulepreload links it hoists into the
            head: the page's only render-blocking request is asked for first. */}
        <link rel="stylesheet" href={appStylesheet} precedence="default" />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col bg-slate-50 font-sans text-slate-900 antialiased">
        <a
          href="#contenu"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2 focus:text-brand-800"
        >
          Aller au contenu
        </a>
        <NavigationProgress />
        <NavigationAnnouncer />
        {staff ? (
          <StaffShell person={staff}>
            <ToastRegion toast={data?.toast ?? null} />
            {children}
          </StaffShell>
        ) : (
          <>
            <SiteHeader member={data?.member ?? null} />
            <main id="contenu" className="flex-1" tabIndex={-1}>
              <ToastRegion toast={data?.toast ?? null} />
              {children}
            </main>
            <SiteFooter operator={data?.operator ?? operatorPlaceholders} />
          </>
        )}
        {withoutScripts ? null : (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
            {scriptsWaitForInteraction ? <HydrateOnInteraction nonce={nonce} /> : null}
          </>
        )}
      </body>
    </html>
  );
}

/**
 * After a client-side navigation to another page, focus moves to the new page's h1 (made focusable with
 * tabIndex=-1) and its title is read out through a polite live region, as a full page load would announce it.
 * Not on the first load, not when only the query or the hash changed (a filter, a page of a list, an anchor),
 * and not when the page has already put the focus in its content.
 */
function NavigationAnnouncer() {
  const { pathname } = useLocation();
  const [announcement, setAnnouncement] = useState("");
  const previous = useRef<string | null>(null);
  useEffect(() => {
    const first = previous.current === null;
    const samePage = previous.current === pathname;
    previous.current = pathname;
    if (first || samePage) return;
    setAnnouncement(document.title);
    // A page that put the focus in its content itself (a field, an error summary) keeps it; a followed link that
    // stays on screen (the header, a menu, the breadcrumb) does not hold it.
    const active = document.activeElement;
    if (active instanceof HTMLElement && active !== document.body && active.closest("main") && !active.closest("nav")) return;
    const heading = document.querySelector<HTMLElement>("main h1") ?? document.querySelector<HTMLElement>("h1");
    if (!heading) return;
    if (!heading.hasAttribute("tabindex")) heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
  }, [pathname]);
  return (
    <p aria-live="polite" aria-atomic="true" className="sr-only" data-route-announcer="">
      {announcement}
    </p>
  );
}

export default function App() {
  return <Outlet />;
}

/** A module's refusal as route-errors.server.ts maps it: { refusal, message }. */
function refusalMessage(data: unknown): string | null {
  if (!data || typeof data !== "object" || !("refusal" in data)) return null;
  const message = (data as { message?: unknown }).message;
  return typeof message === "string" ? message : null;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const data: unknown = isRouteErrorResponse(error) ? error.data : undefined;
  const refusal = refusalMessage(data);
  if (refusal) return <RefusalMessage status={status} message={refusal} />;
  if (status === 404) return <NotFoundMessage />;
  if (status === 403) return <RefusalMessage status={403} message="Vous n'avez pas accès à cette page." />;
  const unavailable = status === 503;
  const message =
    data && typeof data === "object" && typeof (data as { formError?: unknown }).formError === "string"
      ? (data as { formError: string }).formError
      : status < 500
        ? "Cette demande n'a pas pu être traitée. Vérifiez les informations envoyées."
        : "Une erreur inattendue s'est produite. Veuillez réessayer.";
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-4xl font-bold">{unavailable ? "Service momentanément indisponible" : "Erreur"}</h1>
      <p className="mt-4 text-lg">{message}</p>
      <a className={buttonClasses({ variant: "link" }, "mt-6")} href="/">
        Retour à l'accueil
      </a>
    </section>
  );
}
