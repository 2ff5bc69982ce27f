import { useEffect, useRef, type Dispatch, type RefObject, type SetStateAction } from "react";
import type { WizardStep } from "../lib/draft-storage";
import type { StepChange } from "./use-wizard-step";

type FollowRequestedStepOptions = {
  requestedStep?: WizardStep;
  onStepChange?: (step: WizardStep, how: StepChange) => void;
  /** Nothing is followed until the page is ready. */
  disabled: boolean;
  /** From useWizardStep. */
  reachable: WizardStep;
  setReachable: Dispatch<SetStateAction<WizardStep>>;
  stepRef: RefObject<WizardStep>;
  /** Validates one step's fields (the resolver checks the step `stepRef` points at). */
  checkStep: (step: WizardStep) => Promise<boolean>;
  /** Shows a step that has errors as 'Nästa' shows it. */
  sendBackTo: (step: WizardStep) => void;
};

/**
 * The browser's Forward (or a typed `?step=`) past the last step known complete: the steps before
 * are checked first; the first with errors is shown as 'Nästa' shows it. When the URL first
 * arrives (the page has just opened or been reloaded) it is only clamped, without messages.
 */
export function useFollowRequestedStep({
  requestedStep,
  onStepChange,
  disabled,
  reachable,
  setReachable,
  stepRef,
  checkStep,
  sendBackTo,
}: FollowRequestedStepOptions) {
  // The same test as useWizardStep's: the URL holds the step only when the page both asks and listens.
  const controlled = requestedStep !== undefined && onStepChange !== undefined;
  const previousRequest = useRef(requestedStep);
  useEffect(() => {
    const previous = previousRequest.current;
    previousRequest.current = requestedStep;
    if (!controlled || disabled || requestedStep <= reachable) return;
    if (previous === undefined) {
      onStepChange(reachable, "replace");
      return;
    }
    let cancelled = false;
    void (async () => {
      for (let s = reachable; s < requestedStep; s = (s + 1) as WizardStep) {
        stepRef.current = s; // the resolver follows the step being checked
        const valid = await checkStep(s);
        if (cancelled) return;
        if (!valid) {
          stepRef.current = reachable;
          sendBackTo(s);
          return;
        }
      }
      setReachable(requestedStep);
    })();
    return () => {
      cancelled = true;
    };
    // Runs when the URL's step or the known-complete step changes; the callbacks are new every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [requestedStep, reachable, controlled, disabled]);
}
