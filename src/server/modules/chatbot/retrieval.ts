import { stemmer } from "@orama/stemmers/swedish";
import MiniSearch, { type SearchResult } from "minisearch";
import { ARTICLES, type Article } from "./knowledge/articles";

// Retrieval over the knowledge base (rules D16): MiniSearch (BM25 with fuzzy and prefix matching,
// for typos and word beginnings) over terms run through the Swedish Snowball stemmer, with Swedish
// compounds split into the parts the knowledge base knows ("utedelsfläkten" → "utedel", "fläkt"), so
// a customer's compound finds the article that writes the words apart, and the other way round.

/** Words that carry no topic: asked in every question, they would only add noise to the scores. */
const STOPWORDS = new Set(
  (
    "och att det som en ett i på är jag min mitt mina har hur vad kan den de dem för med till av om så inte ska man vi ni du när var eller men från vid " +
    "också bara mycket lite nu då sen sedan hej hejsan tack snälla någon något några här där vilken vilket vilka varför går gör göra blir bli ha " +
    "era er ert dig mig sig sin sitt sina vår vårt våra hos efter innan under över igen alltid aldrig ofta mer mest jätte väldigt typ liksom ju väl " +
    "behöver behövs måste kommer finns få fått vill ville skulle borde brukar " +
    "the a is my it"
  ).split(" "),
);

/**
 * Words in nearly every question and article ("värmepumpen", "pumpen"): as topic words they would
 * pull every question towards the articles that say them most.
 */
const GENERIC_STEMS = new Set(["värmepump", "pump", "pumpen", "anläggning", "luftvärmepump"]);

const MIN_PART = 3;

const tokenize = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

const stem = (word: string) => (/^\p{L}+$/u.test(word) && word.length > 3 ? stemmer(word) : word);

/** Every stem the knowledge base uses: the parts compounds may be split into. */
const VOCABULARY: ReadonlySet<string> = new Set(
  ARTICLES.flatMap((a) => tokenize(`${a.title} ${a.keywords.join(" ")} ${a.body}`))
    .filter((w) => w.length >= MIN_PART && !STOPWORDS.has(w))
    .map(stem),
);

/** "elförbrukning" → ["el"?, "förbrukning"]: splits into two parts the vocabulary knows (with a linking s). */
function compoundParts(word: string): string[] {
  if (word.length < 2 * MIN_PART + 1) return [];
  for (let i = word.length - MIN_PART; i >= MIN_PART; i--) {
    const head = word.slice(0, i);
    const tail = stem(word.slice(i));
    if (!VOCABULARY.has(tail)) continue;
    for (const candidate of [head, head.endsWith("s") ? head.slice(0, -1) : null]) {
      if (candidate && candidate.length >= MIN_PART && (VOCABULARY.has(candidate) || VOCABULARY.has(stem(candidate)))) return [stem(candidate), tail];
    }
  }
  return [];
}

/** A query's or document's word as the terms the index holds: its stem and its compound parts. */
export function processTerm(term: string): string[] | null {
  const word = term.toLowerCase();
  if (STOPWORDS.has(word)) return null;
  const stemmed = stem(word);
  if (GENERIC_STEMS.has(stemmed)) return null;
  // A word the knowledge base knows as a whole is kept whole; only unknown compounds are split.
  if (VOCABULARY.has(stemmed)) return [stemmed];
  return [stemmed, ...compoundParts(word)].filter((t) => !GENERIC_STEMS.has(t));
}

type Doc = { id: string; title: string; keywords: string; body: string };

function buildIndex(): MiniSearch<Doc> {
  const index = new MiniSearch<Doc>({
    fields: ["title", "keywords", "body"],
    storeFields: [],
    tokenize,
    processTerm,
    searchOptions: {
      boost: { title: 2, keywords: 5, body: 0.7 },
      // Typos: one edit from five letters, two from nine; word beginnings from five letters.
      fuzzy: (term) => (term.length >= 9 ? 0.2 : term.length >= 5 ? 0.15 : false),
      prefix: (term) => term.length >= 5,
      combineWith: "OR",
    },
  });
  // Each keyword word once: an article that repeats a word in its keywords must not win on it alone.
  const uniqueWords = (keywords: string[]) => [...new Set(tokenize(keywords.join(" ")))].join(" ");
  index.addAll(ARTICLES.map((a) => ({ id: a.id, title: a.title, keywords: uniqueWords(a.keywords), body: a.body })));
  return index;
}

let index: MiniSearch<Doc> | null = null;
const byId = new Map(ARTICLES.map((a) => [a.id, a]));

export type Hit = { article: Article; score: number; matched: number; queryTerms: string[] };

/**
 * Words that say what to do or where, not what about ("byta", "laga", "huset"): a question matched
 * by these alone is about something else (changing a roof, fixing a car), not about heat pumps.
 */
const WEAK_STEMS = new Set(["byt", "lag", "fix", "hus", "huset", "hem", "hemm", "köp", "sälj", "gör", "ny", "nytt", "ändr"]);

/** Below this score a match is chance (a fuzzy letter or two), not an answer. */
export const MIN_SCORE = 8;

/** True when `hit` answers the question: a real score and at least one topical word matched. */
export function isRelevant(hit: Hit | undefined): hit is Hit {
  return !!hit && hit.score >= MIN_SCORE && hit.queryTerms.some((term) => !WEAK_STEMS.has(term));
}

/**
 * The articles for `question`, best first, with their scores and how many of the question's terms
 * each matched. The index is built on first use (a few milliseconds) and kept.
 */
export function searchArticles(question: string, limit = 5): Hit[] {
  index ??= buildIndex();
  return index
    .search(question)
    .slice(0, limit)
    .map((result: SearchResult) => ({
      article: byId.get(String(result.id))!,
      score: result.score,
      matched: result.queryTerms.length,
      queryTerms: result.queryTerms,
    }));
}
