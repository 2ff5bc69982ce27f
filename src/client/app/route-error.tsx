import { Link } from "@/client/components/ui/link";
import { Button, buttonVariants } from "@/client/components/ui/button";
import { appText } from "./text";

const text = appText.routeError;

/** Shown when a page throws or its code cannot be loaded (for example after a new deploy). */
export function RouteError({ error }: { error?: unknown }) {
  if (import.meta.env.DEV && error) console.error(error);
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{text.title}</h1>
      <p className="mt-3 text-slate-700">{text.description}</p>
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        <Button onClick={() => window.location.reload()}>{text.reload}</Button>
        <Link to="/" className={buttonVariants({ variant: "outline" })}>
          {text.home}
        </Link>
      </div>
    </section>
  );
}
