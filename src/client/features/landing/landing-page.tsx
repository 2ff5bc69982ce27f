import { Link } from "react-router";
import { buttonVariants } from "@/client/components/ui/button";
import { HeroSection } from "./components/hero-section";
import { ServiceBotPromo } from "./components/servicebot-promo";
import { ServicesSection } from "./components/services-section";
import { StepsSection } from "./components/steps-section";
import { TestimonialsSection } from "./components/testimonials-section";
import { landingText } from "./text";

/** The customer home page "/" (SPEC §2 Landing page). */
export default function LandingPage() {
  return (
    <>
      <HeroSection />
      <ServicesSection />
      <StepsSection />
      <ServiceBotPromo />
      <TestimonialsSection />
      <section aria-labelledby="final-cta-title" className="mx-auto max-w-6xl px-4 py-14 text-center">
        <h2 id="final-cta-title" className="text-3xl font-bold tracking-tight text-slate-900">
          {landingText.finalCta.heading}
        </h2>
        <p className="mt-2 text-slate-700">{landingText.finalCta.text}</p>
        <Link to="/booking" className={buttonVariants({ size: "lg", className: "mt-6" })}>
          {landingText.finalCta.button}
        </Link>
      </section>
    </>
  );
}
