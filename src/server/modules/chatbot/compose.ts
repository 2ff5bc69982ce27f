import { COMPANY, type ServiceType } from "@/common/constants";
import { DEFAULT_COMPANY_DETAILS, companyProfile } from "@/common/company";
import { allBookingLinks, bookingLink, serviceNamedIn } from "./booking-links";
import { ARTICLES, type Article } from "./knowledge/articles";
import { ADVICE_TEXT, brandIn, brandsWithCode, codeIn, codeOn, type NamedBrand } from "./knowledge/error-codes";
import { MIN_SCORE, isRelevant, searchArticles, type Hit } from "./retrieval";

// The knowledge-base answer (rules D16): the best article, a pointer to a second one when it is
// almost as good, and where it fits a link to book the right service. Customers' most common
// intents get more than an article: an error code is explained for the brand named (and never
// guessed), an urgent question gets the phone number and the earliest time that can be booked, and
// a wish to book or a price question links to the booking page with that service chosen. A question
// the knowledge base does not cover gets an honest "vet inte" with the phone number, never a guess.

export type HistoryMessage = { role: "user" | "assistant"; content: string };

/** Words that make a question lean on the one before ("och om …?", "vad kostar det?"). */
const REFERRING = /^(och|men|om|då|samma|också)\b|\b(det|den|då|dom|dem|sådan|sånt)\b/i;
const SHORT_QUESTION_WORDS = 6;

/** What ServiceBot made of a question: the articles found, and the error code, brand and service it names. */
export type Reading = {
  hits: Hit[];
  /** An error code, normalised ("E5", "CH5"), from the question or the one it follows up. */
  code: string | null;
  brand: NamedBrand | null;
  /** The service the question names ("boka installation"). */
  service: ServiceType | null;
};

/** What the answer may say about the company and the calendar right now. */
export type AnswerFacts = {
  phone: string;
  /** "måndag–fredag 08:00–17:00, helger stängt" */
  openingHours: string;
  /** The earliest troubleshooting time a customer can book, in words; null when none is free; left out when not looked up. */
  earliestTroubleshooting?: string | null;
};

export const DEFAULT_FACTS: AnswerFacts = { phone: COMPANY.phone, openingHours: companyProfile(DEFAULT_COMPANY_DETAILS).openingHoursInText };

/** The answer; what it rests on (for the LLM to phrase); and its links and contact lines, which are kept word for word. */
export type ComposedAnswer = { answer: string; grounds: { title: string; body: string }[]; actions: string[] };

export function unknownAnswer(facts: AnswerFacts = DEFAULT_FACTS): string {
  return `Det kan jag tyvärr inte svara på. Jag svarar på frågor om värmepumpar: fel, skötsel, priser och bokning. Ring gärna vår kundtjänst på ${facts.phone} (${facts.openingHours}), så hjälper vi dig.`;
}

/**
 * Reads a question in the light of the conversation. A follow-up that names no topic of its own
 * ("och hur ofta?") is searched together with the customer's previous question; one that does
 * ("vad kostar det?", "och om utedelen är full av is då?") keeps its own articles, with the previous
 * question deciding between those close in score. An error code, from the question or the one it
 * follows ("min pump visar E5" … "det är en Daikin"), goes to its brand's article.
 */
export function read(question: string, history: readonly HistoryMessage[] = []): Reading {
  const previous = [...history].reverse().find((m) => m.role === "user")?.content;
  const leans = !!previous && (REFERRING.test(question.trim()) || question.trim().split(/\s+/).length <= SHORT_QUESTION_WORDS);
  const earlier = leans ? previous : undefined;
  const code = codeIn(question) ?? (earlier ? codeIn(earlier) : null);
  const brand = brandIn(question) ?? (earlier && code ? brandIn(earlier) : null);
  const service = serviceNamedIn(question);
  let hits = articlesFor(question, earlier);
  if (code) hits = codeArticleFirst(hits, brand);
  else if (service && PRICE_QUESTION.test(question)) hits = pricesFirstUnlessPriced(hits);
  return { hits, code, brand, service };
}

/** The articles for a question, best first (see read). */
export function retrieve(question: string, history: readonly HistoryMessage[] = []): Hit[] {
  return read(question, history).hits;
}

/** How much the previous question counts when a follow-up has a topic of its own. */
const CONTEXT_WEIGHT = 0.3;

function articlesFor(question: string, previous: string | undefined): Hit[] {
  const own = searchArticles(question);
  if (!previous) return own;
  if (!isRelevant(own[0])) return searchArticles(`${question} ${question} ${previous}`);
  const context = new Map(searchArticles(`${question} ${previous}`, 10).map((hit) => [hit.article.id, hit.score]));
  return own.map((hit) => ({ ...hit, score: hit.score + CONTEXT_WEIGHT * (context.get(hit.article.id) ?? 0) })).sort((a, b) => b.score - a.score);
}

const byId = new Map(ARTICLES.map((a) => [a.id, a]));
const CODE_ARTICLE = "error-code-meaning";

/** A question with an error code is answered by its brand's article, or the one on codes without a brand. */
function codeArticleFirst(hits: Hit[], brand: NamedBrand | null): Hit[] {
  const id = brand && "known" in brand ? brand.known.article : CODE_ARTICLE;
  const first: Hit = { article: byId.get(id)!, score: Math.max(hits[0]?.score ?? 0, MIN_SCORE) + 1, matched: 1, queryTerms: ["felkod"] };
  return [first, ...hits.filter((hit) => hit.article.id !== id)];
}

/** "vad kostar en service", "är det dyrt med service", "vad tar ni för felsökning" */
const PRICE_QUESTION = /\b(pris|priset|priser|prislista|prislistan|kostar|kosta|kostnad|kostnaden|dyrt|dyr|billigt|vad tar ni)\b/i;
const TALKS_PRICE = /\d\s*kr\b|pris|kostnadsfri/;

/**
 * A price question that names a service is answered by an article that says what it costs: the
 * prices, unless the article found already does ("vad kostar det att flytta utedelen").
 */
function pricesFirstUnlessPriced(hits: Hit[]): Hit[] {
  if (isRelevant(hits[0]) && TALKS_PRICE.test(hits[0].article.body)) return hits;
  const prices = byId.get("prices")!;
  const first: Hit = { article: prices, score: Math.max(hits[0]?.score ?? 0, MIN_SCORE) + 1, matched: 1, queryTerms: ["pris"] };
  return [first, ...hits.filter((hit) => hit.article.id !== prices.id)];
}

/** True when the answer will offer the earliest bookable time, so the caller looks it up first. */
export function needsEarliestTime(reading: Reading): boolean {
  return isRelevant(reading.hits[0]) && !!reading.hits[0].article.urgent;
}

export function composeAnswer(reading: Reading, facts: AnswerFacts = DEFAULT_FACTS): ComposedAnswer {
  const [best, second] = reading.hits;
  if (!isRelevant(best)) return { answer: unknownAnswer(facts), grounds: [], actions: [] };
  const code = reading.code ? explainCode(reading.code, reading.brand, best.article) : null;
  const grounds = code ? [code.grounds] : [best.article];
  const parts = code ? [code.text] : [best.article.body];
  const related = !code && isRelevant(second) && second.score >= best.score * 0.6 && second.article.id !== best.article.id ? second.article : null;
  if (related) {
    parts.push(`Se också: **${related.title}**. Fråga gärna om det.`);
    grounds.push(related);
  }
  const actions = best.article.urgent ? [urgentHelp(facts)] : [bookingLine(best.article, reading.service)].filter((line) => line !== null);
  return { answer: [...parts, ...actions].join("\n\n"), grounds, actions };
}

/** The phone number, and the earliest troubleshooting time with a link to book it. */
function urgentHelp(facts: AnswerFacts): string {
  const call = `**Brådskande?** Ring oss på ${facts.phone} (${facts.openingHours}), så försöker vi hjälpa dig inom 24–48 timmar.`;
  if (facts.earliestTroubleshooting === undefined) return `${call}\n${bookingLink("troubleshooting")}`;
  if (facts.earliestTroubleshooting === null) return `${call}\nJust nu finns ingen ledig tid för felsökning att boka här, så ring oss.`;
  return `${call}\nFörsta lediga tid för felsökning: **${facts.earliestTroubleshooting}**. ${bookingLink("troubleshooting")}`;
}

/** A link to the booking page for the service the article suggests, or the one the question asks for. */
function bookingLine(article: Article, asked: ServiceType | null): string | null {
  if (article.bookAsAsked) return asked ? `Boka här: ${bookingLink(asked)}` : `Boka här: ${allBookingLinks()}.`;
  return article.book ? `Vill du att en tekniker hjälper dig? ${bookingLink(article.book)}` : null;
}

/**
 * An error code explained for the brand named, from the manufacturers' documentation in
 * ./knowledge/error-codes. A code the knowledge base does not have for that brand is said to be so,
 * with the model asked for; a code without a brand is explained for each brand that has it, and the
 * brand asked for.
 */
function explainCode(code: string, brand: NamedBrand | null, article: Article): { text: string; grounds: { title: string; body: string } } {
  const restart = "Gör under tiden en omstart: bryt strömmen i 5 minuter och starta igen.";
  let text: string;
  if (brand && "known" in brand) {
    const documented = codeOn(brand.known, code);
    text = documented
      ? [`**${documented.code} på ${brand.known.name}:** ${capitalised(documented.meaning)}.`, ADVICE_TEXT[documented.advice], brand.known.note]
          .filter(Boolean)
          .join("\n")
      : `**${code} på ${brand.known.name}:** den koden kan jag inte slå upp säkert, koderna skiljer sig mellan modeller. Vilken modell har du? Uppge koden och modellen när du bokar, så tar teknikern med rätt delar.\n\n${article.body}`;
  } else if (brand) {
    text = `**${code} på ${brand.other}:** felkoder för ${brand.other} finns inte i min kunskapsbas, och samma kod betyder olika saker hos olika märken. Slå upp koden i manualen för din modell, eller uppge koden och modellen när du bokar en felsökning. ${restart}`;
  } else {
    const known = brandsWithCode(code);
    text = known.length
      ? `**${code}** betyder olika saker hos olika märken:\n${known.map(({ brand: b, meaning }, i) => `${i + 1}. **${b.name}:** ${meaning.meaning}.`).join("\n")}\nVilket märke och vilken modell har du? Skriv till exempel "${code} på min ${known[0].brand.name}", så berättar jag vad du ska göra. ${restart}`
      : `**${code}** betyder olika saker hos olika märken, och utan märke kan jag inte slå upp den. Vilket märke och vilken modell har du? ${restart}`;
  }
  return { text, grounds: { title: `Felkod ${code}`, body: text } };
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
