import { Star } from "lucide-react";
import { landingText } from "../text";

/** Five stars for screen readers read as "5 av 5 stjärnor". */
export function StarRating({ stars = 5, max = 5 }: { stars?: number; max?: number }) {
  return (
    <span role="img" aria-label={landingText.testimonials.rating(stars, max)} className="inline-flex gap-0.5">
      {Array.from({ length: max }, (_, index) => (
        <Star key={index} aria-hidden="true" className={index < stars ? "size-5 fill-amber-400 text-amber-500" : "size-5 text-slate-300"} />
      ))}
    </span>
  );
}
