import type { ReactNode } from "react";
import { Link } from "@/client/components/ui/link";
import { policyText, type PolicyDocument } from "../text";

const linkClass =
  "rounded-sm font-medium text-brand-700 underline underline-offset-4 hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700";

/**
 * A policy page: one h1, the effective date, a table of contents and numbered h2 sections.
 * `extras` adds content (such as the cookie table) after the section with that index.
 */
export function PolicyArticle({ doc, idPrefix, extras = {} }: { doc: PolicyDocument; idPrefix: string; extras?: Partial<Record<number, ReactNode>> }) {
  const sectionId = (index: number) => `${idPrefix}-${index + 1}`;

  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{doc.title}</h1>
        <p className="mt-2 text-sm text-slate-700">
          {policyText.effectiveFrom} <time dateTime={doc.effectiveDate}>{doc.effectiveDateLabel}</time>
        </p>
        <p className="mt-4 text-lg text-slate-800">{doc.intro}</p>
      </header>

      <nav aria-label={policyText.contents} className="mt-8 rounded-xl border border-slate-200 bg-slate-50 p-5">
        <h2 className="text-base font-semibold text-slate-900">{policyText.contents}</h2>
        <ol className="mt-3 grid gap-1.5 text-sm sm:grid-cols-2">
          {doc.sections.map((section, index) => (
            <li key={section.title}>
              <a className={linkClass} href={`#${sectionId(index)}`}>
                {index + 1}. {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      {doc.sections.map((section, index) => (
        <section key={section.title} aria-labelledby={sectionId(index)} className="mt-10">
          <h2 id={sectionId(index)} className="text-xl font-semibold text-slate-900 sm:text-2xl">
            {index + 1}. {section.title}
          </h2>
          <div className="mt-3 space-y-3 leading-relaxed text-slate-800">
            {section.paragraphs?.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
            {section.items && (
              <ul className="list-disc space-y-1.5 pl-6">
                {section.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            )}
            {section.after?.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
            {section.links?.map((link) => (
              <p key={link.to}>
                <Link className={linkClass} to={link.to}>
                  {link.label}
                </Link>
              </p>
            ))}
            {extras[index]}
          </div>
        </section>
      ))}
    </article>
  );
}
