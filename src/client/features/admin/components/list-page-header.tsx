import { Plus } from "lucide-react";
import { BackLink } from "@/client/components/back-link";
import { buttonVariants } from "@/client/components/ui/button";
import { Link } from "@/client/components/ui/link";

/** The top of an admin list: back to the overview, the heading with its introduction, and a link to create a new one. */
export function ListPageHeader({
  back,
  title,
  intro,
  create,
}: {
  back: { to: string; label: string };
  title: string;
  intro: string;
  create: { to: string; label: string };
}) {
  return (
    <div className="grid gap-3">
      <BackLink to={back.to}>{back.label}</BackLink>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
          <p className="mt-1 text-slate-700">{intro}</p>
        </div>
        <Link to={create.to} className={buttonVariants({ className: "self-start sm:self-auto" })}>
          <Plus aria-hidden="true" />
          {create.label}
        </Link>
      </div>
    </div>
  );
}
