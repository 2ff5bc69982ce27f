import { useEffect, useRef } from "react";
import type { WizardStep } from "../lib/draft-storage";

/**
 * A new step: its heading (the returned ref) takes the focus and the top of the page, so a keyboard
 * or screen reader user starts at the step, not at the button that was pressed. The first step shown
 * is left alone: opening the page moves nothing. `onStepShown` runs after each change of step.
 */
export function useStepHeadingFocus(step: WizardStep, onStepShown: () => void) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    headingRef.current?.focus({ preventScroll: true });
    headingRef.current?.scrollIntoView({ block: "start" });
    onStepShown();
  }, [step, onStepShown]);
  return headingRef;
}
