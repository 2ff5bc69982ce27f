import { useEffect } from "react";
import { Link } from "@/client/components/ui/link";
import { buttonVariants } from "@/client/components/ui/button";
import { NOT_FOUND_TITLE, setTitleOverride } from "./page-titles";
import { appText } from "./text";

const text = appText.notFound;

/**
 * Fallback for every unknown path (rules §2 route table), in Swedish. The server answers such a path
 * with HTTP 404 and this page prerendered (scripts/build-client.mjs, src/server/plugins/client.ts).
 */
export function NotFoundPage() {
  useEffect(() => {
    setTitleOverride(NOT_FOUND_TITLE);
    document.title = NOT_FOUND_TITLE;
    return () => setTitleOverride(null);
  }, []);
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <p className="text-sm font-semibold tracking-wide text-brand-800">{text.code}</p>
      <h1 className="mt-2 text-3xl font-bold text-slate-900">{text.title}</h1>
      <p className="mt-3 text-slate-700">{text.description}</p>
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        <Link to="/" className={buttonVariants()}>
          {text.home}
        </Link>
        <Link to="/booking" className={buttonVariants({ variant: "outline" })}>
          {text.book}
        </Link>
      </div>
    </section>
  );
}
