import { COMPANY } from "@/common/constants";

// Swedish texts of the ServiceBot chat dialog (SPEC §2 ServiceBot dialog); the launcher button's text
// is in ./launcher-text.

export const chatText = {
  title: "ServiceBot",
  description: "Din digitala assistent för frågor om värmepumpar.",
  greeting:
    "Hej! Jag är ServiceBot. Jag kan svara på frågor om värmepumpar, felsökning, underhåll och bokning. Vad kan jag hjälpa dig med?",
  botName: "ServiceBot",
  comingSoon: `Chatten öppnar snart. Till dess når du vår kundtjänst på ${COMPANY.phone} (${COMPANY.openingHours.toLowerCase()}).`,
} as const;
