/** A decorative spinner; the text next to it carries the meaning. */
export function Spinner({ className = "size-5 border-brand-700" }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-block shrink-0 animate-spin rounded-full border-2 border-t-transparent motion-reduce:animate-none ${className}`}
    />
  );
}
