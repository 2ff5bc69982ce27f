import { buttonVariants } from "@/client/components/ui/button";
import { Link } from "@/client/components/ui/link";
import { landingText } from "../text";
import { HeroSection } from "./hero-section";
import { ServiceBotPromo } from "./servicebot-promo";
import { ServicesSection } from "./services-section";
import { StepsSection } from "./steps-section";
import { TestimonialsSection } from "./testimonials-section";

function FinalCallToAction() {
  return (
    <section aria-labelledby="final-cta-title" className="mx-auto max-w-6xl px-4 py-14 text-center">
      <h2 id="final-cta-title" className="text-3xl font-bold tracking-tight text-slate-900">
        {landingText.finalCta.heading}
      </h2>
      <p className="mt-2 text-slate-700">{landingText.finalCta.text}</p>
      <Link to="/booking" className={buttonVariants({ size: "lg", className: "mt-6" })}>
        {landingText.finalCta.button}
      </Link>
    </section>
  );
}

/**
 * Everything on the landing page (rules §2 Landing page). It is links and text only (the ServiceBot
 * buttons work through lib/chat-launcher's document listener), so the prerendered HTML is enough
 * until the visitor interacts: then this hydrates (lib/deferred-hydration).
 */
export function LandingContent() {
  return (
    <>
      <HeroSection />
      <ServicesSection />
      <StepsSection />
      <ServiceBotPromo />
      <TestimonialsSection />
      <FinalCallToAction />
    </>
  );
}
