import { formatRating, testimonialsNotice } from "~/content/site";
import type { Testimonial } from "~/content/types";
import { StarIcon } from "~/components/ui/icons";

export function StarRating({ value, best = 5 }: { value: number; best?: number }) {
  return (
    <span className="flex items-center gap-0.5" role="img" aria-label={`Note\u202f: ${formatRating(value)} sur ${best}`}>
      {Array.from({ length: best }, (_, index) => (
        <StarIcon
          key={index}
          className={`size-5 ${index < Math.round(value) ? "fill-amber-400 text-amber-600" : "text-slate-400"}`}
        />
      ))}
    </span>
  );
}

/** Static testimonials (spec): each is a figure with its quote and who said it. */
export function TestimonialList({ items }: { items: readonly Testimonial[] }) {
  return (
    <>
    <ul className="grid gap-5 md:grid-cols-2 lg:grid-cols-3">
      {items.map((item) => (
        <li key={item.name + item.quote.slice(0, 20)} className="flex">
          <figure className="flex w-full flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <StarRating value={item.rating} />
              <span className="rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold text-brand-900">{item.scamType}</span>
            </div>
            <blockquote className="mt-4 flex-1 text-slate-800">
              <p>« {item.quote} »</p>
            </blockquote>
            <figcaption className="mt-4 border-t border-slate-100 pt-3 text-sm text-slate-700">
              <span className="font-semibold text-slate-900">{item.name}</span>
              {item.age ? `, ${item.age} ans` : ""} – {item.city}
              {item.amountRecovered ? (
                <span className="block font-semibold text-green-800">Montant récupéré&#x202f;: {item.amountRecovered}</span>
              ) : null}
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
    <p className="mt-4 text-sm text-slate-700">{testimonialsNotice}</p>
    </>
  );
}
