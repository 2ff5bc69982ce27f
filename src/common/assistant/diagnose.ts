// The troubleshooting assistant's rules (rules §4 assistant flow, §9 constants, rules D15): pure
// functions, no clock and no I/O, so the browser runs them (rules §2: simulated on the client) and a
// table-driven test pins every branch.

export const HEAT_PUMP_TYPES = ["air_to_air", "air_to_water", "ground_source", "exhaust_air", "other"] as const;
export const HEAT_PUMP_AGES = ["less_than_2", "between_2_and_5", "between_5_and_10", "more_than_10"] as const;
export const MAIN_ISSUES = ["not_starting", "low_efficiency", "no_heat", "strange_noise", "error_code", "other"] as const;

export type HeatPumpType = (typeof HEAT_PUMP_TYPES)[number];
export type HeatPumpAge = (typeof HEAT_PUMP_AGES)[number];
export type MainIssue = (typeof MAIN_ISSUES)[number];

export type AssistantInput = { heatPumpType: HeatPumpType; heatPumpAge: HeatPumpAge; mainIssue: MainIssue; issueDescription: string };
export type AssistantServiceType = "service" | "troubleshooting" | "installation";
export type AssistantResult = { solution: string; needsService: boolean; serviceType: AssistantServiceType; confidence: number };

/** rules §9 assistant constants. */
export const ASSISTANT = {
  analysisMs: 2000,
  followUpMs: 1500,
  seriousCodes: ["E1", "E5", "E6", "F3", "H6"],
  ageBonus: 10,
  maxConfidence: 95,
  priceRange: "1 500–3 000 kr",
  visitHours: "1–2 timmar",
  urgentWithin: "24–48 timmar",
  warrantyYears: "2–5 år",
} as const;

export const HEAT_PUMP_TYPE_LABELS: Record<HeatPumpType, string> = {
  air_to_air: "Luft/luft",
  air_to_water: "Luft/vatten",
  ground_source: "Bergvärme",
  exhaust_air: "Frånluft",
  other: "Annan",
};

export const HEAT_PUMP_AGE_LABELS: Record<HeatPumpAge, string> = {
  less_than_2: "Mindre än 2 år",
  between_2_and_5: "2–5 år",
  between_5_and_10: "5–10 år",
  more_than_10: "Mer än 10 år",
};

export const MAIN_ISSUE_LABELS: Record<MainIssue, string> = {
  not_starting: "Startar inte",
  low_efficiency: "Dålig effekt",
  no_heat: "Ingen värme",
  strange_noise: "Konstiga ljud",
  error_code: "Felkod i displayen",
  other: "Annat problem",
};

const TEXT = {
  notStarting:
    "**Kontrollera strömmen först:**\n1. Se att värmepumpen har ström och att huvudströmbrytaren är på.\n2. Kontrollera säkringarna i elcentralen och återställ en jordfelsbrytare som löst ut.\n3. Kontrollera att fjärrkontrollen har fungerande batterier och att rätt läge är valt.\n4. Vänta 5 minuter efter att strömmen kommit tillbaka: många pumpar har en startfördröjning.",
  lowEfficiency:
    "**Dålig effekt beror oftast på smutsiga filter:**\n1. Rengör innedelens filter (dammsug eller skölj i ljummet vatten och låt torka).\n2. Se till att utedelen går fri från snö, löv och is.\n3. Kontrollera att inga möbler eller gardiner står i vägen för luftflödet.",
  lowEfficiencyAge:
    "Eftersom pumpen har några år på nacken kan effekten också ha minskat av slitage eller för lite köldmedium. Vi rekommenderar en service där en tekniker mäter och justerar anläggningen.",
  noHeat:
    "**Gå igenom det här:**\n1. Kontrollera att pumpen står i värmeläge och att börvärdet är högre än rumstemperaturen.\n2. Starta om pumpen: bryt strömmen i en minut och slå på den igen.\n3. Rengör filtren i innedelen.\n4. Se efter om utedelen är igenfrusen; vänta i så fall på avfrostningen.",
  noHeatService: "Du har redan startat om pumpen eller rengjort filtret utan att värmen kommit tillbaka. Då behöver en tekniker felsöka anläggningen.",
  strangeNoise:
    "**Vanliga orsaker till ljud:**\n1. Ett sprakande eller porlande ljud vid avfrostning är normalt.\n2. Kontrollera att utedelen står stadigt och att inget löv eller skräp ligger i fläkten.\n3. Se efter att inga rör eller plåtar ligger an mot varandra och vibrerar.",
  strangeNoiseService:
    "Ett högt eller metalliskt ljud kan betyda att en fläkt, ett lager eller kompressorn är skadad. Stäng av pumpen och låt en tekniker undersöka den.",
  errorCode:
    "**Så gör du vid en felkod:**\n1. Skriv upp koden som visas i displayen.\n2. Slå av strömmen till pumpen i 5 minuter och starta den igen.\n3. Slå upp koden i manualen för din modell.\n4. Kommer koden tillbaka, boka en felsökning.",
  errorCodeService:
    "Felkoden du anger pekar på ett fel som behöver åtgärdas av en tekniker (till exempel kommunikation, tryck eller givare). Boka en felsökning så tar vi med rätt delar.",
  other:
    "**Några allmänna steg:**\n1. Starta om pumpen genom att bryta strömmen i en minut.\n2. Rengör filtren i innedelen.\n3. Kontrollera inställningarna på fjärrkontrollen.\nEftersom problemet är svårt att bedöma på distans rekommenderar vi att en tekniker tittar på anläggningen.",
  oldWithService: "Pumpen är över 10 år gammal: reservdelar kan behöva beställas, så nämn modellen när du bokar.",
  oldRoutine: "Pumpen är över 10 år gammal. Vi rekommenderar en regelbunden service för att den ska hålla länge och gå effektivt.",
} as const;

const RESTART_OR_FILTER = /(start(at|ade|a)?\s*om|omstart|restart|rengjo(rt|rde)|rensat|tvättat|bytt|filter|filtr)/i;
const LOUD_OR_METALLIC = /(högt|hög[a]?\b|starkt|loud|metall|metallisk|metallic|gnissl|skrapa|skrap)/i;
const SERIOUS_CODE = new RegExp(`(^|[^A-Za-z0-9])(${ASSISTANT.seriousCodes.join("|")})(?![0-9])`, "i");

/** rules §4: the result for what the customer told the assistant. */
export function diagnose(input: AssistantInput): AssistantResult {
  const description = input.issueDescription ?? "";
  let result = baseResult(input.mainIssue, input.heatPumpAge, description);
  if (input.heatPumpAge === "more_than_10") {
    result = result.needsService
      ? { ...result, solution: `${result.solution}\n\n${TEXT.oldWithService}` }
      : { ...result, solution: `${result.solution}\n\n${TEXT.oldRoutine}`, needsService: true, serviceType: "service" };
    result = { ...result, confidence: Math.min(result.confidence + ASSISTANT.ageBonus, ASSISTANT.maxConfidence) };
  }
  return result;
}

function baseResult(issue: MainIssue, age: HeatPumpAge, description: string): AssistantResult {
  switch (issue) {
    case "not_starting":
      return { solution: TEXT.notStarting, needsService: false, serviceType: "troubleshooting", confidence: 85 };
    case "low_efficiency": {
      // rules D15: the older system tested an age the form never offers; ages from 5 years apply.
      const worn = age === "between_5_and_10" || age === "more_than_10";
      return worn
        ? { solution: `${TEXT.lowEfficiency}\n\n${TEXT.lowEfficiencyAge}`, needsService: true, serviceType: "service", confidence: 75 }
        : { solution: TEXT.lowEfficiency, needsService: false, serviceType: "service", confidence: 75 };
    }
    case "no_heat":
      return RESTART_OR_FILTER.test(description)
        ? { solution: `${TEXT.noHeat}\n\n${TEXT.noHeatService}`, needsService: true, serviceType: "troubleshooting", confidence: 90 }
        : { solution: TEXT.noHeat, needsService: false, serviceType: "troubleshooting", confidence: 90 };
    case "strange_noise":
      return LOUD_OR_METALLIC.test(description)
        ? { solution: `${TEXT.strangeNoise}\n\n${TEXT.strangeNoiseService}`, needsService: true, serviceType: "troubleshooting", confidence: 85 }
        : { solution: TEXT.strangeNoise, needsService: false, serviceType: "troubleshooting", confidence: 85 };
    case "error_code":
      return SERIOUS_CODE.test(description)
        ? { solution: `${TEXT.errorCode}\n\n${TEXT.errorCodeService}`, needsService: true, serviceType: "troubleshooting", confidence: 80 }
        : { solution: TEXT.errorCode, needsService: false, serviceType: "troubleshooting", confidence: 80 };
    case "other":
      return { solution: TEXT.other, needsService: true, serviceType: "service", confidence: 70 };
  }
}

export const FOLLOW_UP_ANSWERS = {
  warranty: `Garantin på en värmepump är oftast ${ASSISTANT.warrantyYears} beroende på tillverkare och avtal. Ha kvittot eller installationsprotokollet till hands, så hjälper vi dig att se vad som gäller.`,
  price: `En service kostar vanligtvis ${ASSISTANT.priceRange}, beroende på anläggning och vad som behöver göras. Du ser det exakta priset när du bokar.`,
  time: `Ett servicebesök tar oftast ${ASSISTANT.visitHours}. Brådskande ärenden försöker vi hjälpa inom ${ASSISTANT.urgentWithin}.`,
  filter:
    "Så rengör du filtret: stäng av pumpen, fäll upp frontluckan och dra ut filtren. Dammsug dem eller skölj i ljummet vatten, låt dem torka helt och sätt tillbaka dem. Gör det gärna varannan månad.",
  fallback: "Det är svårt att svara på utan att se anläggningen. Boka gärna en tekniker, så hjälper vi dig på plats.",
} as const;

/** rules §4: the canned answer to a follow-up question, by keyword. */
export function answerFollowUp(question: string): string {
  const q = question.toLowerCase();
  if (/garanti/.test(q)) return FOLLOW_UP_ANSWERS.warranty;
  if (/(pris|kosta|kostnad|\bkr\b|kronor|dyrt)/.test(q)) return FOLLOW_UP_ANSWERS.price;
  if (/(hur lång|tid\b|tar det|timmar|snabbt|när kan|akut|brådskande)/.test(q)) return FOLLOW_UP_ANSWERS.time;
  if (/filt(er|ret|ren|r)/.test(q)) return FOLLOW_UP_ANSWERS.filter;
  return FOLLOW_UP_ANSWERS.fallback;
}
