import { Link } from "@/client/components/ui/link";
import { buttonVariants } from "@/client/components/ui/button";
import { appText } from "./text";

const text = appText.notFound;

/** Fallback for every unknown path (SPEC §2 route table). */
export function NotFoundPage() {
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold text-slate-900">{text.title}</h1>
      <p className="mt-3 text-slate-700">{text.description}</p>
      <Link to="/" className={buttonVariants({ className: "mt-6" })}>
        {text.home}
      </Link>
    </section>
  );
}
