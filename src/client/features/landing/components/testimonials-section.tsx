import { landingText } from "../text";
import { StarRating } from "./star-rating";

const text = landingText.testimonials;

export function TestimonialsSection() {
  return (
    <section aria-labelledby="testimonials-title" className="bg-slate-50">
      <div className="mx-auto max-w-6xl px-4 py-14">
        <h2 id="testimonials-title" className="text-3xl font-bold tracking-tight text-slate-900">
          {text.heading}
        </h2>
        <ul className="mt-8 grid gap-5 md:grid-cols-3">
          {text.items.map((item) => (
            <li key={item.name}>
              <figure className="flex h-full flex-col rounded-xl bg-white p-6 shadow-sm">
                <StarRating />
                <blockquote className="mt-4 flex-1 text-slate-800">
                  <p>”{item.quote}”</p>
                </blockquote>
                <figcaption className="mt-4 text-sm font-semibold text-slate-900">
                  {item.name}, <span className="font-normal text-slate-700">{item.place}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
