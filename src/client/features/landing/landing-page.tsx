import { deferredPart } from "@/client/lib/deferred-hydration";

// The content is prerendered and needs no code until the visitor interacts (lib/deferred-hydration):
// on "/" the first download is the app's frame (header, chat button) and React itself (issue 7).
const LandingContent = deferredPart(async () => (await import("./components/landing-content")).LandingContent);

/** The customer home page "/" (rules §2 Landing page). */
export default function LandingPage() {
  return <LandingContent />;
}
