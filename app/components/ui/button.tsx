import { cva, type VariantProps } from "class-variance-authority";
import type { ButtonHTMLAttributes, ReactNode } from "react";
import { AppLink, type AppLinkProps } from "./app-link";

/**
 * The site's buttons and action links, one class list per look. Every one is at least 44 px high (touch targets);
 * margins and layout (gap, width) come from `className`, never colours or padding, so no two classes fight.
 */
export const buttonVariants = cva("inline-flex min-h-11 items-center", {
  variants: {
    variant: {
      primary: "justify-center rounded-md bg-brand-700 font-semibold text-white hover:bg-brand-800",
      secondary: "justify-center rounded-md border border-slate-400 bg-white font-semibold text-slate-900 hover:bg-slate-100",
      outline: "justify-center rounded-md border border-brand-700 font-semibold text-brand-800 hover:bg-brand-50",
      danger: "justify-center rounded-md bg-red-700 font-semibold text-white hover:bg-red-800",
      "danger-outline": "justify-center rounded-md border border-red-700 font-semibold text-red-800 hover:bg-red-50",
      /** A text link that is an action (Retour…, Voir…): underlined, 44 px high. */
      link: "font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900",
      /** A link inside running text or a list, in the text's weight. */
      subtle: "text-brand-800 underline underline-offset-2 hover:text-brand-900",
      /** A text button that removes or cancels something. */
      "danger-link": "font-semibold text-red-800 underline underline-offset-2 hover:text-red-900",
    },
    size: {
      sm: "px-3",
      md: "px-4",
      lg: "px-5",
      /** No horizontal padding: text links. */
      text: "",
    },
  },
  defaultVariants: { variant: "primary", size: "md" },
});

export type ButtonVariants = VariantProps<typeof buttonVariants>;

const TEXT_VARIANTS = new Set<ButtonVariants["variant"]>(["link", "subtle", "danger-link"]);

/** Classes of a button-looking element the kit cannot render itself (a Radix trigger, a summary). */
export function buttonClasses(variants: ButtonVariants, className?: string): string {
  const size = variants.size ?? (TEXT_VARIANTS.has(variants.variant) ? "text" : "md");
  return buttonVariants({ variant: variants.variant, size, className });
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & ButtonVariants;

/** A <button>; `type` defaults to "submit" as in HTML, so a form's button stays a submit button. */
export function Button({ variant, size, className, type = "submit", ...button }: ButtonProps) {
  return <button type={type} className={buttonClasses({ variant, size }, className)} {...button} />;
}

export type ButtonLinkProps = AppLinkProps & ButtonVariants;

/** A link inside the app drawn as a button (or, with variant "link", as an action link). */
export function ButtonLink({ variant, size, className, ...link }: ButtonLinkProps) {
  return <AppLink className={buttonClasses({ variant, size }, className)} {...link} />;
}

/** A way back to the page before: "← Retour …", as a secondary button (member pages) or an action link. */
export function BackLink({
  to,
  variant = "secondary",
  className,
  children,
}: {
  to: string;
  variant?: "secondary" | "link";
  className?: string;
  children: ReactNode;
}) {
  return (
    <ButtonLink to={to} variant={variant} className={[variant === "secondary" ? "gap-2 py-2" : "gap-2", className].filter(Boolean).join(" ")}>
      <span aria-hidden="true">←</span> {children}
    </ButtonLink>
  );
}

/** 'Retour au tableau de bord' (decision 72: the specification's 'dashboard' is not French to a victim), the one way back to /dashboard on every page. */
export function BackToDashboardLink({
  variant = "link",
  className,
}: {
  variant?: "link" | "secondary" | "primary";
  className?: string;
}) {
  if (variant === "secondary") {
    return (
      <BackLink to="/dashboard" className={className}>
        Retour au tableau de bord
      </BackLink>
    );
  }
  return (
    <ButtonLink to="/dashboard" variant={variant} size={variant === "primary" ? "lg" : undefined} className={className}>
      Retour au tableau de bord
    </ButtonLink>
  );
}
