// Nothing typed is lost (issue 10): the form keeps a copy on the device while it is edited, per
// protocol, and offers it back after a reload or a lost connection.
const PREFIX = "protocol_draft:";

export type StoredDraft<T> = { savedAt: string; values: T };

const keyOf = (id: number | null) => `${PREFIX}${id ?? "new"}`;

export function loadProtocolDraft<T>(id: number | null): StoredDraft<T> | null {
  try {
    const raw = window.localStorage.getItem(keyOf(id));
    return raw ? (JSON.parse(raw) as StoredDraft<T>) : null;
  } catch {
    return null;
  }
}

export function saveProtocolDraft<T>(id: number | null, values: T) {
  try {
    window.localStorage.setItem(keyOf(id), JSON.stringify({ savedAt: new Date().toISOString(), values }));
  } catch {
    // A full storage (photos are large) keeps the form working without its copy.
  }
}

export function clearProtocolDraft(id: number | null) {
  try {
    window.localStorage.removeItem(keyOf(id));
  } catch {
    // nothing to clear
  }
}
