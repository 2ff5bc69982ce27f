import type { CompanyProfile } from "@/common/company";
import { COMPANY, TERMS } from "@/common/constants";

// Swedish texts of the policy pages (rules §2 Policy pages, §9 Terms). Business figures come from
// TERMS, the company's details from the settings (rules D11), so the pages, the footer and the
// e-mails never disagree.

export type PolicyLink = { label: string; to: string };
export type PolicySection = {
  title: string;
  paragraphs?: readonly string[];
  items?: readonly string[];
  after?: readonly string[];
  links?: readonly PolicyLink[];
};
export type PolicyDocument = {
  title: string;
  /** ISO date the document takes effect. */
  effectiveDate: string;
  /** The same date written out in Swedish. */
  effectiveDateLabel: string;
  intro: string;
  sections: readonly PolicySection[];
};

const contactLineOf = (company: CompanyProfile) => `${company.name}, ${company.address}. Telefon ${company.phone}, e-post ${company.email}.`;

export const policyText = {
  effectiveFrom: "Gäller från",
  contents: "Innehåll",
  backToTop: "Till början av sidan",
} as const;

export const termsDocument = (company: CompanyProfile): PolicyDocument => {
  const contactLine = contactLineOf(company);
  return {
    title: "Allmänna villkor",
    effectiveDate: "2025-05-21",
    effectiveDateLabel: "21 maj 2025",
    intro: `Dessa villkor gäller när du som privatperson bokar service, installation, felsökning eller hembesök hos ${company.name} (org.nr ${company.orgNumber}) via vår webbplats, per telefon eller per e-post.`,
    sections: [
      {
        title: "Allmänt",
        paragraphs: [
          `Villkoren gäller mellan dig som kund och ${company.name}, ${company.address} ("vi" eller "oss"). Genom att slutföra en bokning godkänner du villkoren.`,
          "För dig som konsument gäller även konsumenttjänstlagen (1985:716). Villkoren begränsar inte de rättigheter du har enligt tvingande lag.",
        ],
      },
      {
        title: "Våra tjänster",
        paragraphs: [
          "Vi utför service, installation och flytt av värmepumpar, felsökning samt kostnadsfria hembesök.",
          "Ett hembesök är ett rådgivande besök på cirka 30 minuter där vi går igenom dina behov och ger råd. Det är kostnadsfritt och innebär inget åtagande för dig.",
          "Nyinstallation av värmepump sker efter en skriftlig offert. Arbetets omfattning framgår av bokningsbekräftelsen eller offerten.",
        ],
      },
      {
        title: "Bokning och bekräftelse",
        paragraphs: [
          "Du bokar genom att välja tjänst och tid och fylla i dina kontaktuppgifter. När bokningen är klar får du en bokningsbekräftelse via e-post. Avtalet är ingått när bekräftelsen har skickats.",
          "Kontrollera att uppgifterna i bekräftelsen stämmer och kontakta oss så snart som möjligt om något är fel. Har du inte fått någon bekräftelse inom några minuter, titta i skräpposten.",
          "I undantagsfall, till exempel vid sjukdom, kan vi behöva flytta en bokad tid. Vi kontaktar dig då så snart som möjligt och erbjuder en ny tid utan extra kostnad.",
        ],
      },
      {
        title: "Priser",
        paragraphs: [
          "Priserna som visas vid bokningen är riktpriser i svenska kronor och inkluderar moms. Det slutliga priset bekräftas med dig innan arbetet påbörjas.",
          "Arbete, reservdelar eller material utöver den bokade tjänsten utförs och debiteras bara efter att du har godkänt kostnaden.",
          "Har du rätt till ROT-avdrag gör vi avdraget direkt på fakturan. Du ansvarar för att uppgifterna för avdraget är korrekta. Om Skatteverket inte godkänner avdraget, helt eller delvis, debiteras du mellanskillnaden.",
        ],
      },
      {
        title: "Betalning",
        paragraphs: [
          `Betalning sker normalt mot faktura med ${TERMS.invoiceDays} dagars betalningstid från fakturadatum, om inget annat har avtalats.`,
          "Vid försenad betalning har vi rätt att ta ut dröjsmålsränta enligt räntelagen och påminnelseavgift enligt lag.",
        ],
      },
      {
        title: "Avbokning och ombokning",
        paragraphs: [
          `Du kan avboka eller boka om utan kostnad senast ${TERMS.cancellationHours} timmar före den bokade tiden. Kontakta oss på telefon ${company.phone} eller e-post ${company.email}.`,
          `Avbokar du senare än ${TERMS.cancellationHours} timmar före den bokade tiden, eller får teknikern inte tillgång till värmepumpen vid den bokade tiden, har vi rätt att ta ut en avgift på ${TERMS.lateCancellationFeePercent} % av tjänstens pris.`,
        ],
      },
      {
        title: "Ditt ansvar som kund",
        paragraphs: ["För att vi ska kunna utföra arbetet ansvarar du för"],
        items: [
          "att teknikern kommer åt värmepumpens inomhus- och utomhusdel vid den bokade tiden",
          "att uppgifterna om värmepumpens modell och om felet är så korrekta som möjligt",
          "att det finns fritt arbetsutrymme vid installationsplatsen",
          "att du har de tillstånd som behövs vid installation, till exempel från bostadsrättsföreningen eller hyresvärden",
        ],
        after: ["Blir arbetet mer omfattande på grund av felaktiga uppgifter kan vi, efter överenskommelse med dig, debitera den extra tid som går åt."],
      },
      {
        title: "Utförande av arbetet",
        paragraphs: [
          "Arbetet utförs fackmässigt av erfarna tekniker enligt tillverkarens anvisningar och gällande regler, bland annat reglerna om fluorerade växthusgaser (F-gas).",
          "Efter en installation upprättas ett installationsprotokoll som både teknikern och du signerar.",
          "Visar det sig att arbetet blir mer omfattande än beräknat informerar teknikern dig. Tilläggsarbeten utförs bara efter ditt godkännande.",
        ],
      },
      {
        title: "Garanti",
        paragraphs: [
          `Vi lämnar ${TERMS.workWarrantyMonths} månaders garanti på utfört arbete, räknat från den dag arbetet slutfördes.`,
          "För värmepumpar och reservdelar gäller tillverkarens garanti. Garantiärenden registreras hos tillverkaren och hanteras enligt tillverkarens process.",
          "Visar ett besök att felet inte omfattas av garanti, till exempel för att garantitiden har gått ut eller för att felet beror på felaktig användning, debiteras besöket med 2 500 kr efter ROT-avdrag.",
          "Garantin gäller inte fel som orsakats av yttre påverkan, bristande underhåll, felaktig användning eller ingrepp av någon annan än oss.",
        ],
      },
      {
        title: "Reklamation",
        paragraphs: [
          `Vill du reklamera ett utfört arbete ska du meddela oss skriftligen inom ${TERMS.complaintDays} dagar från att du upptäckte felet, via e-post till ${company.email} eller per brev till ${company.address}. Beskriv felet och bifoga gärna bilder.`,
          "Godkända reklamationer åtgärdar vi utan kostnad för dig inom skälig tid. En reklamation som görs senare hanteras enligt konsumenttjänstlagen.",
        ],
      },
      {
        title: "Ansvarsbegränsning och force majeure",
        paragraphs: [
          "Vi ansvarar för skador som vi orsakar genom vårdslöshet i samband med arbetet. Vi ansvarar inte för indirekta skador, till exempel utebliven inkomst, i den utsträckning lagen tillåter.",
          "Vi är inte skyldiga att fullgöra våra åtaganden när det hindras av omständigheter utanför vår kontroll, till exempel extremt väder, myndighetsbeslut, arbetskonflikt eller leveransproblem hos tillverkare. Vi kontaktar dig i så fall för att boka en ny tid.",
        ],
      },
      {
        title: "Personuppgifter",
        paragraphs: [
          "Vi behandlar dina personuppgifter för att kunna hantera din bokning, utföra arbetet och uppfylla våra skyldigheter enligt lag. Hur vi gör det beskrivs i vår integritetspolicy.",
        ],
        links: [{ label: "Läs vår integritetspolicy", to: "/policies/privacy" }],
      },
      {
        title: "Ändringar, tvister och kontakt",
        paragraphs: [
          `Vi kan komma att ändra dessa villkor. Ändringar publiceras på webbplatsen och börjar gälla ${TERMS.termsChangeNoticeDays} dagar efter publiceringen. För en bokning som redan är bekräftad gäller villkoren från bokningstillfället.`,
          "Vid en tvist försöker vi i första hand komma överens med dig. Du kan också vända dig till Allmänna reklamationsnämnden (ARN), www.arn.se. Svensk lag gäller för avtalet.",
          `Kontakt: ${contactLine} Öppettider: ${company.openingHours}.`,
        ],
      },
    ],
  };
};

export const privacyDocument = (company: CompanyProfile): PolicyDocument => {
  return {
    title: "Integritetspolicy",
    effectiveDate: "2025-05-18",
    effectiveDateLabel: "18 maj 2025",
    intro: `Här beskriver vi hur ${company.name} behandlar dina personuppgifter när du bokar tid, använder vår webbplats eller är kund hos oss. Vi följer EU:s dataskyddsförordning (GDPR) och kompletterande svensk lagstiftning.`,
    sections: [
      {
        title: "Personuppgiftsansvarig",
        paragraphs: [
          `${company.name} (org.nr ${company.orgNumber}), ${company.address}, är personuppgiftsansvarig för behandlingen som beskrivs här.`,
          `Frågor om hur vi behandlar personuppgifter besvaras på ${company.email} eller telefon ${company.phone} (${company.openingHoursInText}).`,
        ],
      },
      {
        title: "Vilka personuppgifter vi behandlar",
        items: [
          "Kontaktuppgifter: namn, e-postadress, telefonnummer, adress, postnummer och ort.",
          "Bokningsuppgifter: vald tjänst, datum och tid, din beskrivning av ärendet och värmepumpens modell.",
          "Bilder som du laddar upp i samband med bokningen eller via din bokningslänk. Vi tar bort platsinformation (GPS) och annan metadata ur bilderna.",
          "Uppgifter om din värmepump och utförda arbeten: serienummer, installationsdatum, servicehistorik, installationsprotokoll och signaturer.",
          "Frågor som du ställer till ServiceBot.",
          "Tekniska uppgifter som IP-adress och webbläsare samt uppgifter från cookies, se vår cookiepolicy.",
        ],
        after: ["Vi ber dig att inte skriva känsliga personuppgifter i beskrivningsfält eller chatten och att inte ladda upp bilder där personer syns."],
      },
      {
        title: "Varför vi behandlar uppgifterna",
        items: [
          "för att ta emot och hantera din bokning och skicka bekräftelser och påminnelser",
          "för att planera, utföra och dokumentera arbetet, till exempel i installationsprotokoll",
          "för fakturering och ROT-avdrag",
          "för att hantera garanti- och reklamationsärenden, även mot tillverkaren",
          "för att påminna dig om service när det har gått 24 månader sedan installationen",
          "för att svara på frågor via kundtjänst och ServiceBot",
          "för att skydda, felsöka och förbättra webbplatsen",
        ],
      },
      {
        title: "Rättslig grund",
        items: [
          "Avtal: för att hantera bokningen och utföra det arbete du har beställt.",
          "Rättslig förpliktelse: för bokföring, ROT-avdrag och den dokumentation som krävs enligt reglerna om fluorerade växthusgaser.",
          "Berättigat intresse: för servicepåminnelser, säkerhet på webbplatsen och statistik över hur våra tjänster används. Du kan när som helst invända mot detta.",
          "Samtycke: för analyscookies. Du kan när som helst återkalla ditt samtycke.",
        ],
      },
      {
        title: "Hur länge vi sparar uppgifterna",
        paragraphs: ["Vi sparar inte uppgifterna längre än vi behöver dem."],
        items: [
          "Uppgifter om bokningar och utförda arbeten sparas så länge du är kund och därefter så länge garanti- och reklamationsanspråk kan göras gällande.",
          "Räkenskapsinformation, till exempel fakturor, sparas i sju år enligt bokföringslagen.",
          "Installationsprotokoll sparas så länge reglerna om fluorerade växthusgaser kräver det.",
          "Bilder raderas när de inte längre behövs för ärendet.",
          `Ett sparat bokningsutkast finns bara i din webbläsare och ligger kvar i högst ${TERMS.bookingDraftCookieDays} dagar eller tills du tar bort det.`,
        ],
      },
      {
        title: "Vilka vi delar uppgifter med",
        paragraphs: ["Vi säljer aldrig dina personuppgifter. Vi delar dem bara när det behövs:"],
        items: [
          "med leverantörer av drift, lagring och e-post som behandlar uppgifterna för vår räkning (personuppgiftsbiträden) enligt personuppgiftsbiträdesavtal",
          "med tillverkaren av din värmepump vid garantiärenden",
          "med Skatteverket vid ROT-avdrag",
          "med myndigheter när lagen kräver det",
        ],
      },
      {
        title: "Överföring till länder utanför EU/EES",
        paragraphs: [
          "Vi behandlar i första hand uppgifterna inom EU/EES. Om uppgifter ändå överförs till ett land utanför EU/EES ser vi till att överföringen har stöd i dataskyddsförordningen, till exempel genom EU-kommissionens standardavtalsklausuler.",
        ],
      },
      {
        title: "Så skyddar vi uppgifterna",
        paragraphs: [
          "Webbplatsen använder krypterad anslutning (HTTPS). Bara personal som behöver uppgifterna i sitt arbete har tillgång till dem, och lösenord lagras aldrig i klartext. Personliga bokningslänkar är slumpmässiga, tidsbegränsade och kan spärras.",
        ],
      },
      {
        title: "Dina rättigheter",
        paragraphs: ["Enligt dataskyddsförordningen har du rätt att"],
        items: [
          "få veta vilka uppgifter vi har om dig (registerutdrag)",
          "få felaktiga uppgifter rättade",
          "få uppgifter raderade när de inte längre behövs eller när behandlingen saknar stöd",
          "begära att behandlingen begränsas",
          "invända mot behandling som grundar sig på berättigat intresse, till exempel servicepåminnelser",
          "få ut uppgifter som du har lämnat till oss i ett maskinläsbart format (dataportabilitet)",
          "när som helst återkalla ett samtycke",
        ],
        after: [`Kontakta oss på ${company.email} för att använda dina rättigheter. Vi svarar inom en månad.`],
      },
      {
        title: "Cookies",
        paragraphs: ["Webbplatsen använder cookies och lokal lagring i webbläsaren. Vilka det är och hur du kan styra dem beskrivs i vår cookiepolicy."],
        links: [{ label: "Läs vår cookiepolicy", to: "/policies/cookies" }],
      },
      {
        title: "Klagomål och ändringar",
        paragraphs: [
          "Är du missnöjd med hur vi behandlar dina personuppgifter vill vi gärna att du kontaktar oss först. Du har också rätt att lämna klagomål till Integritetsskyddsmyndigheten (IMY), www.imy.se.",
          "Vi kan komma att uppdatera policyn, till exempel när vi ändrar hur vi behandlar uppgifter. Den senaste versionen finns alltid på den här sidan med datum för när den börjar gälla.",
        ],
      },
    ],
  };
};

export type CookieRow = { name: string; category: string; duration: string; purpose: string };

export const cookieTable: { caption: string; headers: readonly [string, string, string, string]; rows: readonly CookieRow[] } = {
  caption: "Cookies och lokal lagring som webbplatsen använder",
  headers: ["Namn", "Typ", "Lagringstid", "Syfte"],
  rows: [
    {
      name: "vps.sid",
      category: "Nödvändig",
      duration: "Session – tas bort när du loggar ut eller efter 12 timmar utan aktivitet",
      purpose:
        "Sessionscookie som håller personal (tekniker och administratörer) inloggad. Den sätts först vid inloggning och innehåller bara ett slumpmässigt sessions-id.",
    },
    {
      name: "booking_draft",
      category: "Funktionell",
      duration: `${TERMS.bookingDraftCookieDays} dagar`,
      purpose:
        "Sparar ett utkast av bokningsformuläret lokalt i din webbläsare (local storage) medan du fyller i det, så att inget försvinner om du laddar om sidan eller fortsätter senare. Bilder sparas inte. Utkastet skickas inte till oss förrän du slutför bokningen.",
    },
    {
      name: "_vps_analytics",
      category: "Analys",
      duration: `${TERMS.analyticsCookieYears} år`,
      purpose:
        "Samlar statistik över hur webbplatsen används, till exempel vilka sidor som besöks, så att vi kan förbättra den. Uppgifterna redovisas bara sammanställda. Sätts endast om du har samtyckt.",
    },
  ],
};

export const cookiesDocument = (company: CompanyProfile): PolicyDocument => {
  const contactLine = contactLineOf(company);
  return {
    title: "Cookiepolicy",
    effectiveDate: "2025-05-18",
    effectiveDateLabel: "18 maj 2025",
    intro: `Här beskriver vi vilka cookies och liknande tekniker ${COMPANY.shortName} använder på webbplatsen och hur du kan styra dem.`,
    sections: [
      {
        title: "Vad är cookies?",
        paragraphs: [
          "En cookie är en liten textfil som sparas i din webbläsare när du besöker en webbplats. Lokal lagring (local storage) är en liknande teknik som sparar information i webbläsaren.",
          "Enligt lagen om elektronisk kommunikation ska du få information om vilka cookies som används och varför. Cookies som inte är nödvändiga för att webbplatsen ska fungera används bara om du har samtyckt till dem.",
        ],
      },
      {
        title: "Cookies vi använder",
        paragraphs: ["Tabellen visar vilka cookies och vilken lokal lagring webbplatsen använder."],
      },
      {
        title: "Nödvändiga och funktionella cookies",
        paragraphs: [
          "Sessionscookien vps.sid behövs för att personal ska kunna logga in och kräver därför inget samtycke. Som kund som bokar tid behöver du inte logga in, och då sätts ingen sessionscookie.",
          `Bokningsutkastet booking_draft sparas i din webbläsare medan du fyller i bokningen och ligger kvar där tills du slutför bokningen, väljer ”Börja om” eller det har gått ${TERMS.bookingDraftCookieDays} dagar. Det behövs för att bokningsformuläret ska fungera som du förväntar dig, till exempel när du laddar om sidan.`,
        ],
      },
      {
        title: "Så hanterar du cookies",
        paragraphs: [
          "Du kan när som helst ta bort cookies och lokal lagring och välja att blockera cookies i webbläsarens inställningar. Hur det går till beskrivs i webbläsarens hjälpavsnitt.",
          "Blockerar du nödvändiga cookies går det inte att logga in i personalportalen. Bokning fungerar ändå, men ett sparat bokningsutkast försvinner om du rensar den lokala lagringen.",
        ],
      },
      {
        title: "Mer information",
        paragraphs: [
          `Hur vi behandlar personuppgifter beskrivs i vår integritetspolicy. Har du frågor om cookies är du välkommen att kontakta oss: ${contactLine}`,
        ],
        links: [{ label: "Läs vår integritetspolicy", to: "/policies/privacy" }],
      },
    ],
  };
};
