import { setLoaded } from "./loader";

export function markLoaded(): void {
  setLoaded();
}
