import { useEffect, type AnchorHTMLAttributes } from "react";
import { Link, useNavigate } from "react-router";

const APP_LINK = "data-app-link";
const PREVENT_SCROLL_RESET = "data-prevent-scroll-reset";
const REPLACE = "data-replace";

export type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  /** An absolute path ("/case/…") or a query on this page ("?page=2"); anything else is handed to React Router. */
  to: string;
  preventScrollReset?: boolean;
  replace?: boolean;
  /** A whole page load (downloads, pages outside the app). */
  reloadDocument?: boolean;
};

/**
 * A link inside the app, written as a plain anchor. React Router's <Link> costs some 20 µs of server rendering each
 * (hooks resolving its path and building its click handler), and a staff list draws one or two per row: on a page of
 * a hundred rows that was a tenth of its render. The root's one click listener (useAppLinkNavigation) navigates
 * inside the app as <Link> does; before the scripts run it is an ordinary link. `data-discover` lets React Router
 * fetch the route it leads to, as for a <Link>. A relative path ("." or "nouveau") stays a <Link>: React Router
 * resolves it against the route, not the URL.
 */
export function AppLink({ to, preventScrollReset, replace, reloadDocument, ...anchor }: AppLinkProps) {
  if (!to.startsWith("/") && !to.startsWith("?")) {
    return <Link to={to} preventScrollReset={preventScrollReset} replace={replace} reloadDocument={reloadDocument} {...anchor} />;
  }
  const inApp = !reloadDocument && !anchor.target && anchor.download === undefined;
  return (
    <a
      href={to}
      {...anchor}
      {...(inApp ? { [APP_LINK]: "", "data-discover": "true" } : {})}
      {...(inApp && preventScrollReset ? { [PREVENT_SCROLL_RESET]: "" } : {})}
      {...(inApp && replace ? { [REPLACE]: "" } : {})}
    />
  );
}

/** In the root layout: a plain left click on an app link navigates inside the app, as React Router's <Link> would. */
export function useAppLinkNavigation(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const link = event.target instanceof Element ? event.target.closest(`a[${APP_LINK}]`) : null;
      if (!(link instanceof HTMLAnchorElement)) return;
      const url = new URL(link.href);
      if (url.origin !== window.location.origin) return;
      event.preventDefault();
      void navigate(`${url.pathname}${url.search}${url.hash}`, {
        preventScrollReset: link.hasAttribute(PREVENT_SCROLL_RESET),
        replace: link.hasAttribute(REPLACE),
      });
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);
}
