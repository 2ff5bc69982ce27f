import type { ServiceType } from "@/common/constants";

// Swedish texts of the landing page (rules §1 landing claims, §2 Landing page, §9 indicative prices).
export const landingText = {
  hero: {
    eyebrow: "Service, installation och felsökning",
    title: "Boka tid för din värmepump",
    lead: "Vi hjälper dig med service, installation och felsökning av värmepumpar. Välj tjänst och tid online – du får en bekräftelse direkt.",
    bookNow: "Boka tid nu",
    askBot: "Fråga ServiceBot",
    claimsLabel: "Därför bokar du hos oss",
  },
  claims: [
    { key: "confirmation", title: "Bekräftelse direkt", text: "Du får en bokningsbekräftelse via e-post så fort bokningen är klar." },
    { key: "duration", title: "Bokat på ca 2 minuter", text: "Välj tjänst, tid och fyll i dina uppgifter – det tar ungefär 2 minuter." },
    { key: "technicians", title: "Erfarna tekniker", text: "Våra tekniker har lång erfarenhet av värmepumpar från alla vanliga märken." },
  ],
  services: {
    heading: "Våra tjänster",
    intro: "Välj den tjänst som passar dig så visar vi lediga tider.",
    priceLabel: "Pris",
    priceNote: "Priserna är riktpriser inklusive moms. Slutligt pris bekräftas innan arbetet påbörjas.",
  },
  serviceCards: [
    {
      service: "installation",
      title: "Installation",
      description: "Flytt och installation av värmepump. Vi hjälper dig med placering, montering och driftsättning.",
      price: "6 500 kr för flytt av befintlig värmepump, offert för nyinstallation",
      cta: "Boka installation",
    },
    {
      service: "service",
      title: "Service",
      description: "Regelbunden service håller värmepumpen effektiv, sänker elförbrukningen och förlänger livslängden.",
      price: "Från 2 500 kr",
      cta: "Boka ett servicebesök",
    },
    {
      service: "troubleshooting",
      title: "Felsökning",
      description: "Visar pumpen en felkod, låter konstigt eller värmer dåligt? Vi tar reda på vad som är fel.",
      price: "2 500 kr inklusive diagnos och resa, efter ROT-avdrag",
      cta: "Boka felsökning",
    },
    {
      service: "hembesok",
      title: "Hembesök",
      description: "Ett kostnadsfritt hembesök på 30 minuter där vi går igenom dina behov och ger råd.",
      price: "Kostnadsfritt",
      cta: "Boka hembesök",
    },
  ] satisfies readonly { service: ServiceType; title: string; description: string; price: string; cta: string }[],
  steps: {
    heading: "Så går bokningen till",
    items: [
      { title: "Välj tjänst", text: "Berätta vad du behöver hjälp med och vilken värmepump du har." },
      { title: "Välj tid", text: "Se lediga tider direkt och välj den som passar dig." },
      { title: "Fyll i dina uppgifter", text: "Ange dina kontaktuppgifter – bekräftelsen kommer direkt." },
    ],
  },
  serviceBot: {
    heading: "Har du frågor om din värmepump?",
    text: "ServiceBot svarar direkt på vanliga frågor om värmepumpar: vad du kan kontrollera själv när något krånglar, tips om underhåll och vad som händer vid ett servicebesök.",
    cta: "Chatta med ServiceBot",
  },
  testimonials: {
    heading: "Vad våra kunder säger",
    rating: (stars: number, max: number) => `${stars} av ${max} stjärnor`,
    items: [
      {
        quote: "Smidig bokning på nätet och teknikern kom precis i tid. Han förklarade allt han gjorde och värmepumpen går tystare än på länge.",
        name: "Maria L.",
        place: "Solna",
      },
      {
        quote: "Vår luft/vatten-pump visade en felkod mitt i vintern. De hittade felet snabbt och förklarade tydligt vad som behövde göras.",
        name: "Anders K.",
        place: "Sundbyberg",
      },
      {
        quote: "Vi flyttade vår värmepump i samband med en renovering. Proffsigt arbete och bra råd om den nya placeringen.",
        name: "Eva och Johan S.",
        place: "Täby",
      },
    ],
  },
  finalCta: {
    heading: "Dags för service?",
    text: "Boka en tid som passar dig – det tar bara ett par minuter.",
    button: "Boka en tid",
  },
} as const;
