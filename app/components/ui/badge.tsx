import type { ReactNode } from "react";

/** A rounded status label; `className` gives its colours. */
export function Badge({ className, children }: { className: string; children: ReactNode }) {
  return (
    <span className={`inline-block whitespace-nowrap rounded-full px-2.5 py-0.5 text-sm font-medium ring-1 ${className}`}>
      {children}
    </span>
  );
}
