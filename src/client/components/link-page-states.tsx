import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Button, buttonVariants } from "@/client/components/ui/button";
import { Link } from "@/client/components/ui/link";
import { Spinner } from "@/client/components/ui/spinner";
import { errorMessage, isApiError } from "@/client/lib/api-error";

// The states of a public page opened from a personal link (the booking, the invoice) before its
// content shows. Public chunks load this: only ui components here, no staff code and no zod.

/** The Swedish texts of a link page's states: each page passes its own. */
export type LinkPageStatesText = {
  loading: string;
  invalidTitle: string;
  invalid: string;
  invalidHelp: string;
  loadFailed: string;
  retry: string;
  home: string;
};

/**
 * Loading, an invalid link (the server answers 404 for an unknown, expired or removed token, 400 for
 * one that cannot be a token) and any other failure (rules §8); the page's content once it is there.
 */
export function LinkPageStates<T>({
  query,
  text,
  invalidTitleId,
  invalidIcon,
  failedHeading,
  children,
}: {
  query: UseQueryResult<T>;
  text: LinkPageStatesText;
  invalidTitleId: string;
  invalidIcon: ReactNode;
  /** The page's heading, kept when loading failed. */
  failedHeading: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Spinner label={text.loading} />;
  if (query.isError && (isApiError(query.error, 404) || isApiError(query.error, 400)))
    return <InvalidLinkNotice titleId={invalidTitleId} icon={invalidIcon} text={text} />;
  if (query.isError)
    return <LinkLoadFailed heading={failedHeading} message={errorMessage(query.error, text.loadFailed)} text={text} onRetry={() => void query.refetch()} />;
  return children(query.data);
}

/** rules §2/§8: the link leads nowhere: what happened, and a way to the start page. */
function InvalidLinkNotice({ titleId, icon, text }: { titleId: string; icon: ReactNode; text: LinkPageStatesText }) {
  return (
    <section aria-labelledby={titleId} className="mx-auto grid max-w-xl justify-items-center gap-4 px-4 py-16 text-center">
      {icon}
      <h1 id={titleId} className="text-2xl font-bold text-slate-900">
        {text.invalidTitle}
      </h1>
      <p className="text-slate-800">{text.invalid}</p>
      <p className="text-sm text-slate-700">{text.invalidHelp}</p>
      <Link to="/" className={buttonVariants({ className: "mt-2" })}>
        {text.home}
      </Link>
    </section>
  );
}

/** rules §8: any other failure, announced (with the server's message when it sent one), to try again or leave. */
function LinkLoadFailed({ heading, message, text, onRetry }: { heading: string; message: string; text: LinkPageStatesText; onRetry: () => void }) {
  return (
    <section className="mx-auto grid max-w-xl justify-items-center gap-4 px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{heading}</h1>
      <p role="alert" className="text-slate-900">
        {message}
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button onClick={onRetry}>{text.retry}</Button>
        <Link to="/" className={buttonVariants({ variant: "outline" })}>
          {text.home}
        </Link>
      </div>
    </section>
  );
}
