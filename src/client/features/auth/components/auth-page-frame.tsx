import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "@/client/components/ui/link";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import { authText } from "../text";

/** The frame both login pages share: back link to the start page, a card with the page heading, and extras below. */
export function AuthPageFrame({ title, description, children, after }: { title: string; description: string; children: ReactNode; after?: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-md flex-col gap-4 px-4 py-8 sm:py-12">
      <Link
        to="/"
        className="inline-flex items-center gap-1 self-start rounded-md text-sm font-medium text-brand-700 hover:text-brand-900 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        {authText.back}
      </Link>
      <Card>
        <CardHeader>
          <CardTitle as="h1" className="text-2xl">
            {title}
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
      {after}
    </div>
  );
}
