import { useLayoutEffect, useRef, useState } from "react";
import type { WizardStep } from "../lib/draft-storage";

/**
 * How the wizard moved, for the page's history entry (issue 8: each step has its own entry):
 * 'push' a new entry ('Nästa'), 'back' to the previous step (the browser's Back when that entry is
 * the previous step, else a replacement), 'replace' the current entry (sent back to a step with errors).
 */
export type StepChange = "push" | "back" | "replace";

type WizardStepOptions = {
  initialStep: WizardStep;
  /** The step the page's URL asks for; with `onStepChange` it makes the URL hold the step. */
  requestedStep?: WizardStep;
  onStepChange?: (step: WizardStep, how: StepChange) => void;
};

/**
 * The step the wizard shows, and the last step known complete (`reachable`).
 *
 * Two ways to hold the step. On the booking page the URL does (`requestedStep`, issue 8): the step
 * shown is the URL's, but never past the last step checked complete (`reachable`), so Back, Forward
 * and a reload always agree with the address bar, even when the router skips a state in between.
 * Without a URL (tests, other hosts) the wizard keeps the step itself.
 *
 * `stepRef` is the step for code outside rendering (the form's resolver, the autosave): it follows
 * the shown step before any effect runs, and a check of several steps may point it elsewhere meanwhile.
 */
export function useWizardStep({ initialStep, requestedStep, onStepChange }: WizardStepOptions) {
  const controlled = requestedStep !== undefined && onStepChange !== undefined;
  const [ownStep, setOwnStep] = useState<WizardStep>(initialStep);
  const [reachable, setReachable] = useState<WizardStep>(initialStep);
  const step: WizardStep = controlled ? (Math.min(requestedStep, reachable) as WizardStep) : ownStep;
  const stepRef = useRef<WizardStep>(step);
  useLayoutEffect(() => {
    stepRef.current = step;
  }, [step]);

  /**
   * Moves to `next`: 'push' after 'Nästa' checked the step (the steps up to `next` are then known
   * complete), 'back' to an earlier step, 'replace' to a step that has errors.
   */
  const moveTo = (next: WizardStep, how: StepChange) => {
    if (how === "push") setReachable((r) => (next > r ? next : r));
    if (how === "replace") setReachable(next);
    if (controlled) onStepChange(next, how);
    else {
      setOwnStep(next);
      onStepChange?.(next, how);
    }
  };

  return { step, stepRef, controlled, reachable, setReachable, moveTo };
}
