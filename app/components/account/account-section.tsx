import type { ReactNode } from "react";
import { ButtonLink, type ButtonLinkProps } from "~/components/ui/button";

/** One card of the account pages: a titled section (its h2 names it), an optional introduction, then its content. */
export function AccountSection({
  id,
  title,
  intro,
  className,
  children,
}: {
  /** The h2's id, which names the section. */
  id: string;
  title: ReactNode;
  intro?: ReactNode;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={["rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6", className].filter(Boolean).join(" ")}>
      <h2 id={id} className="text-xl font-bold text-slate-900">
        {title}
      </h2>
      {intro ? <p className="mt-2 text-slate-700">{intro}</p> : null}
      {children}
    </section>
  );
}

/** An account card whose only content is the way to the page where the thing is done. */
export function AccountLinkSection({ link, ...section }: { id: string; title: ReactNode; intro: ReactNode; link: ButtonLinkProps }) {
  return (
    <AccountSection {...section}>
      <ButtonLink {...link} />
    </AccountSection>
  );
}
