import { FigureSourceNote } from "./figure-source";
import { figures, formatRating } from "~/content/site";
import { StarRating } from "./testimonial-list";

/** The one rating (content module), shown wherever a rating appears so that page and structured data agree. */
export function RatingSummary({ className = "" }: { className?: string }) {
  const { value, best, count } = figures.rating;
  return (
    <p className={`flex flex-wrap items-center gap-2 ${className}`}>
      <StarRating value={value} best={best} />
      <span>
        <strong className="font-bold">
          {formatRating(value)}/{best}
        </strong>{" "}
        <span data-figure="rating">sur {count.toLocaleString("fr-FR")} avis</span>
      </span>
      <span data-figure-source="rating" className="basis-full text-xs opacity-80">
        <FigureSourceNote figure={"rating"} />
      </span>
    </p>
  );
}
