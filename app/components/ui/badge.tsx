import { cva, type VariantProps } from "class-variance-authority";
import type { ReactNode } from "react";

/** Status label colours; the text always says the status, the colour only repeats it. */
export const badgeVariants = cva("inline-block whitespace-nowrap rounded-full px-2.5 py-0.5 text-sm font-medium ring-1", {
  variants: {
    tone: {
      /** Needs someone's attention (new, waiting). */
      attention: "bg-amber-100 text-amber-950 ring-amber-600",
      /** Done, verified. */
      success: "bg-green-100 text-green-950 ring-green-700",
      none: "",
    },
  },
  defaultVariants: { tone: "none" },
});

/** A rounded status label: a tone, or colours of its own in `className` (a status table's styles). */
export function Badge({ tone, className, children }: VariantProps<typeof badgeVariants> & { className?: string; children: ReactNode }) {
  return <span className={badgeVariants({ tone, className })}>{children}</span>;
}
