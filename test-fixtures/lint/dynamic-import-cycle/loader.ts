// Like lib/session.ts before issue 28: the module loads a chunk on demand that imports it back.
export let loaded = false;

export async function load(): Promise<void> {
  await import("./chunk").then((chunk) => chunk.markLoaded());
}

export function setLoaded(): void {
  loaded = true;
}
