import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { deferredPart, holdDeferredHydration } from "./deferred-hydration";

afterEach(cleanup);

describe("deferred parts", () => {
  it("render at once outside hydration (client-side navigation, tests)", async () => {
    const Part = deferredPart(async () => () => <p>Nedanför vecket</p>);
    render(<Part />);
    expect(await screen.findByText("Nedanför vecket")).toBeInTheDocument();
  });

  it("wait for the visitor's first interaction while a prerendered page hydrates", async () => {
    const target = new EventTarget() as unknown as Window;
    holdDeferredHydration(target);
    let loaded = false;
    const Part = deferredPart(async () => {
      loaded = true;
      return () => <p>Efter första tryckningen</p>;
    });
    render(<Part />);
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(loaded).toBe(false);
    expect(screen.queryByText("Efter första tryckningen")).not.toBeInTheDocument();

    await act(async () => {
      target.dispatchEvent(new Event("pointerdown"));
    });
    expect(await screen.findByText("Efter första tryckningen")).toBeInTheDocument();
    expect(loaded).toBe(true);
  });
});
