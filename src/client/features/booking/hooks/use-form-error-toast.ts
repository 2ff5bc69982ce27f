import { useRef } from "react";
import { toast } from "@/client/components/ui/toast-store";
import { bookingText } from "../text";

/**
 * The 'Formulärfel' toast (rules §8) of a step that did not validate. Only the last one is kept:
 * it goes away once the step is fixed and the wizard moves on, or the booking is made.
 */
export function useFormErrorToast() {
  const formErrorToast = useRef<{ dismiss: () => void } | null>(null);
  const showFormError = () => {
    formErrorToast.current = toast({
      variant: "destructive",
      title: bookingText.errors.formErrorTitle,
      description: bookingText.errors.formErrorDescription,
    });
  };
  const dismissFormError = () => {
    formErrorToast.current?.dismiss();
    formErrorToast.current = null;
  };
  return { showFormError, dismissFormError };
}
