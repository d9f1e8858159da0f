import type { ReactNode } from "react";
import { Link } from "react-router";
import { ExternalIcon } from "~/components/ui/icons";

export function isExternalHref(href: string): boolean {
  return /^https?:\/\//.test(href);
}

/** A link from the content: internal paths go through the router; outside sites are announced as such. */
export function ContentLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  if (href.startsWith("/")) {
    return (
      <Link to={href} className={className}>
        {children}
      </Link>
    );
  }
  const external = isExternalHref(href);
  return (
    <a href={href} className={className} {...(external ? { rel: "noopener noreferrer" } : {})}>
      {children}
      {external ? (
        <>
          {" "}
          <ExternalIcon />
          <span className="sr-only"> (site externe)</span>
        </>
      ) : null}
    </a>
  );
}
