import { act, cleanup, renderHook } from "@testing-library/react";
import { useForm, useWatch } from "react-hook-form";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { loadProtocolDraft } from "../lib/protocol-draft";
import { emptyValues, type ProtocolFormValues } from "../lib/protocol-form-values";
import { useDraftCopyOnDevice } from "./use-draft-copy-on-device";

beforeEach(() => {
  vi.useFakeTimers();
  window.localStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function renderForm(id: number | null) {
  return renderHook(() => {
    const form = useForm<ProtocolFormValues>({ defaultValues: emptyValues() });
    const values = useWatch({ control: form.control }) as ProtocolFormValues;
    useDraftCopyOnDevice(form, id, values);
    return form;
  });
}

describe("useDraftCopyOnDevice", () => {
  it("writes no copy for a form nobody has touched", () => {
    renderForm(7);
    act(() => vi.advanceTimersByTime(1_000));
    expect(loadProtocolDraft(7)).toBeNull();
  });

  it("writes the copy 400 ms after the last change, not before", () => {
    const { result } = renderForm(7);
    act(() => result.current.setValue("customerName", "Anna", { shouldDirty: true }));
    act(() => vi.advanceTimersByTime(300));
    act(() => result.current.setValue("customerName", "Anna Berg", { shouldDirty: true }));
    act(() => vi.advanceTimersByTime(399));
    expect(loadProtocolDraft(7)).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(loadProtocolDraft<ProtocolFormValues>(7)?.values.customerName).toBe("Anna Berg");
  });
});
