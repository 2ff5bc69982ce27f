import type { CompanyProfile } from "@/common/company";

// Swedish texts of the ServiceBot chat dialog (rules §2 ServiceBot dialog, §8 chat); the launcher
// button's text is in ./launcher-text.

export const chatText = {
  title: "ServiceBot",
  description: "Din digitala assistent för frågor om värmepumpar.",
  greeting: "Hej! Jag är ServiceBot. Jag kan svara på frågor om värmepumpar, felsökning, underhåll och bokning. Vad kan jag hjälpa dig med?",
  botName: "ServiceBot",
  you: "Du",
  conversation: "Konversation med ServiceBot",
  quickPromptsLabel: "Vanliga frågor",
  // rules §2: the six quick prompts, shown while only the greeting exists.
  quickPrompts: [
    "Min värmepump värmer inte",
    "Värmepumpen låter konstigt",
    "Hög elförbrukning",
    "Flytta utedel eller innedel",
    "Tips på skötsel och underhåll",
    "Felkod i displayen",
  ],
  inputLabel: "Din fråga",
  inputPlaceholder: "Skriv din fråga här...",
  inputHint: "Enter skickar, Skift+Enter ger en ny rad.",
  send: "Skicka",
  typing: "ServiceBot skriver...",
  // rules §8 chat.
  errorTitle: "Något gick fel",
  errorDescription: "Kunde inte hämta svar från chatboten. Försök igen senare.",
  fallback: (company: CompanyProfile) =>
    `Jag kan tyvärr inte svara just nu. Försök igen om en stund, eller ring vår kundtjänst på ${company.phone} (${company.openingHoursInText}).`,
} as const;
