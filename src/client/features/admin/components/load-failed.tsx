import { Button } from "@/client/components/ui/button";

/** A screen's data could not be loaded: what happened, and a button to try again. */
export function LoadFailed({ message, retryLabel, onRetry }: { message: string; retryLabel: string; onRetry: () => void }) {
  return (
    <div role="alert" className="grid justify-items-start gap-3 rounded-md border border-red-300 bg-red-50 p-4 text-red-800">
      <p>{message}</p>
      <Button variant="outline" onClick={onRetry}>
        {retryLabel}
      </Button>
    </div>
  );
}
