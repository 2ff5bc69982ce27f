import { describe, expect, it } from "vitest";
import { clearDraft, DRAFT_STORAGE_KEY, emptyDraftValues, loadDraft, saveDraft, type DraftStorage, type DraftValues } from "./draft-storage";
import { reviveDraft } from "./draft-revival";

function memoryStorage(initial: Record<string, string> = {}): DraftStorage & { data: Record<string, string> } {
  const data = { ...initial };
  return {
    data,
    getItem: (k) => (k in data ? data[k] : null),
    setItem: (k, v) => {
      data[k] = v;
    },
    removeItem: (k) => {
      delete data[k];
    },
  };
}

const now = new Date("2026-11-22T10:00:00Z");
const today = "2026-11-22";

const filled: DraftValues = {
  ...emptyDraftValues("service"),
  heatpumpModel: "Nibe F2120",
  description: "Pumpen låter",
  // Monday 7 December 2026: 15 days ahead, a service Monday.
  date: "2026-12-07",
  timeSlot: "10:00-12:00",
  name: "Lena Holm",
  email: "lena@example.se",
};

describe("saving and loading a draft", () => {
  it("keeps the text fields and the step under 'booking_draft', never the images", () => {
    const storage = memoryStorage();
    const saved = saveDraft(storage, { ...filled, images: ["data:image/png;base64,AAAA"] }, 2, now);
    expect(saved).not.toBeNull();
    const stored = JSON.parse(storage.data[DRAFT_STORAGE_KEY]);
    expect(stored).toEqual({ values: filled, step: 2, savedAt: now.toISOString() });
    expect(stored.values.images).toBeUndefined();
    expect(loadDraft(storage, now)).toEqual({ values: filled, step: 2, savedAt: now.toISOString() });
  });

  it("ignores and removes drafts older than 30 days", () => {
    const storage = memoryStorage();
    saveDraft(storage, filled, 1, new Date(now.getTime() - 29 * 86_400_000));
    expect(loadDraft(storage, now)).not.toBeNull();
    saveDraft(storage, filled, 1, new Date(now.getTime() - 31 * 86_400_000));
    expect(loadDraft(storage, now)).toBeNull();
    expect(storage.data[DRAFT_STORAGE_KEY]).toBeUndefined();
  });

  it("drops unreadable drafts and unknown fields", () => {
    const broken = memoryStorage({ [DRAFT_STORAGE_KEY]: "{not json" });
    expect(loadDraft(broken, now)).toBeNull();
    expect(broken.data[DRAFT_STORAGE_KEY]).toBeUndefined();

    const odd = memoryStorage({
      [DRAFT_STORAGE_KEY]: JSON.stringify({ values: { serviceType: "plumbing", name: 42, email: "a@b.se", evil: "x" }, step: 9, savedAt: now.toISOString() }),
    });
    const loaded = loadDraft(odd, now);
    expect(loaded?.values.serviceType).toBe("");
    expect(loaded?.values.name).toBe("");
    expect(loaded?.values.email).toBe("a@b.se");
    expect(loaded?.values).not.toHaveProperty("evil");
    expect(loaded?.step).toBe(1);
  });

  it("survives a storage that throws", () => {
    const throwing: DraftStorage = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("quota");
      },
      removeItem: () => {
        throw new Error("denied");
      },
    };
    expect(saveDraft(throwing, filled, 1, now)).toBeNull();
    expect(loadDraft(throwing, now)).toBeNull();
    expect(() => clearDraft(throwing)).not.toThrow();
    expect(saveDraft(undefined, filled, 1, now)).toBeNull();
  });

  it("clears the draft", () => {
    const storage = memoryStorage();
    saveDraft(storage, filled, 3, now);
    clearDraft(storage);
    expect(loadDraft(storage, now)).toBeNull();
  });
});

describe("reviveDraft", () => {
  it("keeps a date and time that can still be booked, and the step", () => {
    expect(reviveDraft({ values: filled, step: 3 }, { today })).toEqual({ values: filled, step: 3 });
  });

  it("clears a date that can no longer be booked and goes back to step 2", () => {
    // Ten days later the Monday is inside the two-week lead time.
    const revived = reviveDraft({ values: filled, step: 3 }, { today: "2026-12-01" });
    expect(revived.values.date).toBe("");
    expect(revived.values.timeSlot).toBe("");
    expect(revived.step).toBe(2);
  });

  it("lets the service from the URL win and clears a time that service does not offer", () => {
    // Installation is offered on Tuesdays-Saturdays only: the Monday goes.
    const installation = reviveDraft({ values: filled, step: 2 }, { today, serviceFromUrl: "installation" });
    expect(installation.values.serviceType).toBe("installation");
    expect(installation.values.date).toBe("");
    // Troubleshooting has the same Monday slots.
    const troubleshooting = reviveDraft({ values: filled, step: 3 }, { today, serviceFromUrl: "troubleshooting" });
    expect(troubleshooting.values).toMatchObject({ serviceType: "troubleshooting", date: "2026-12-07", timeSlot: "10:00-12:00" });
    expect(troubleshooting.step).toBe(1); // another service than the draft's: start where it is chosen
    expect(reviveDraft({ values: filled, step: 3 }, { today, serviceFromUrl: "service" }).step).toBe(3);
    // A Monday slot that is not a hembesok slot.
    const odd = reviveDraft({ values: { ...filled, timeSlot: "16:00-18:00" }, step: 3 }, { today });
    expect(odd.values.timeSlot).toBe("");
    expect(odd.step).toBe(2);
  });

  it("goes back to step 1 when step 1 is incomplete", () => {
    expect(reviveDraft({ values: { ...filled, description: "  " }, step: 3 }, { today }).step).toBe(1);
    expect(reviveDraft({ values: { ...filled, heatpumpModel: "" }, step: 2 }, { today }).step).toBe(1);
    // hembesok needs no model.
    const visit = { ...filled, serviceType: "hembesok", heatpumpModel: "", date: "2026-11-30", timeSlot: "10:00-10:30" };
    expect(reviveDraft({ values: visit, step: 3 }, { today }).step).toBe(3);
  });
});
