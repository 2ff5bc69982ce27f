// The public pages' stylesheet as a chunk of its own (Vite emits the CSS with it): loaded before a
// public page other than "/", the ServiceBot dialog or the toasts render, never on "/" before
// interaction (issue 7). The build links the same file in the head of the prerendered pages that
// need it (scripts/build-client.mjs), and Vite's loader does not add a stylesheet that is already there.
import "../public.css";

export const PUBLIC_STYLES = true;
