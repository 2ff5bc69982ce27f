import { landingText } from "../text";

const text = landingText.steps;

export function StepsSection() {
  return (
    <section aria-labelledby="steps-title" className="bg-slate-50">
      <div className="mx-auto max-w-6xl px-4 py-14">
        <h2 id="steps-title" className="text-3xl font-bold tracking-tight text-slate-900">
          {text.heading}
        </h2>
        <ol className="mt-8 grid gap-5 md:grid-cols-3">
          {text.items.map((step, index) => (
            <li key={step.title} className="flex gap-4 rounded-xl bg-white p-5 shadow-sm">
              <span
                aria-hidden="true"
                className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-700 text-lg font-bold text-white"
              >
                {index + 1}
              </span>
              <div>
                <h3 className="text-lg font-semibold text-slate-900">{step.title}</h3>
                <p className="mt-1 text-sm text-slate-700">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
