import { BRAND } from "./brand";

// Swedish texts of the app shell: navigation, guards, fallback pages. The footer's are in
// layouts/footer-text.ts: the footer loads after the first interaction (lib/deferred-hydration).
export const appText = {
  skipToContent: "Hoppa till huvudinnehållet",
  brand: BRAND,
  homeLinkLabel: `${BRAND}, till startsidan`,
  nav: {
    label: "Huvudmeny",
    openMenu: "Öppna meny",
    closeMenu: "Stäng meny",
    customers: "För kunder",
    staff: "För personal",
    admin: "Administration",
    technician: "Tekniker",
    logout: "Logga ut",
    loggingOut: "Loggar ut...",
    book: "Boka service",
  },
  notFound: {
    // rules §2's fallback '404 Page Not Found', in Swedish (issue 8: no English in the interface).
    code: "Fel 404",
    title: "Sidan hittades inte",
    description: "Sidan du letar efter finns inte eller har flyttats. Kontrollera adressen eller gå till startsidan.",
    home: "Till startsidan",
    book: "Boka service",
  },
  routeError: {
    title: "Något gick fel",
    description: "Sidan kunde inte visas. Ladda om sidan och försök igen.",
    reload: "Ladda om sidan",
    home: "Till startsidan",
  },
  loading: "Laddar...",
} as const;
