import type { ReactNode } from "react";

/** The small square that holds a decorative icon beside a heading or a figure. */
export function IconTile({ children }: { children: ReactNode }) {
  return (
    <span aria-hidden="true" className="flex size-8 items-center justify-center rounded-lg bg-brand-50 text-brand-800">
      {children}
    </span>
  );
}
