import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RELOAD_GUARD_MS, reloadAfterChunkError } from "./chunk-reload";

describe("reloading after a chunk failed to load", () => {
  let reload: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    window.sessionStorage.clear();
    reload = vi.fn();
    vi.spyOn(window, "location", "get").mockReturnValue({ ...window.location, reload } as Location);
  });
  afterEach(() => vi.restoreAllMocks());

  it("reloads the page once", () => {
    expect(reloadAfterChunkError(1_000_000)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("does not reload again within the guard period, so a chunk that stays missing cannot loop", () => {
    reloadAfterChunkError(1_000_000);
    expect(reloadAfterChunkError(1_000_000 + RELOAD_GUARD_MS - 1)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("reloads again after the guard period (the next deploy)", () => {
    reloadAfterChunkError(1_000_000);
    expect(reloadAfterChunkError(1_000_000 + RELOAD_GUARD_MS)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it("does not reload when session storage is refused (a loop could not be ruled out)", () => {
    vi.spyOn(window, "sessionStorage", "get").mockImplementation(() => {
      throw new Error("denied");
    });
    expect(reloadAfterChunkError()).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
