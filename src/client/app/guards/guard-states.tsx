import { Button } from "@/client/components/ui/button";
import { Spinner } from "@/client/components/ui/spinner";
import { guardText } from "./text";

const text = guardText;

export function CheckingLogin() {
  return <Spinner label={text.checking} className="py-24" />;
}

export function UserLoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <section className="mx-auto max-w-md px-4 py-16 text-center">
      <p role="alert" className="font-medium text-red-700">
        {text.userLoadFailed}
      </p>
      <Button className="mt-4" variant="outline" onClick={onRetry}>
        {text.retry}
      </Button>
    </section>
  );
}
