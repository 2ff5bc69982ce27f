import { COMPANY, SERVICE_TYPE_LABELS } from "@/common/constants";
import type { Article } from "./knowledge/articles";
import { isRelevant, searchArticles, type Hit } from "./retrieval";

// The knowledge-base answer (DECISIONS 16): the best article, a pointer to a second one when it is
// almost as good, and where it fits a suggestion to book the right service. A question the
// knowledge base does not cover gets an honest "vet inte" with the phone number, never a guess.

export type HistoryMessage = { role: "user" | "assistant"; content: string };

/** Words that make a question lean on the one before ("och om …?", "vad kostar det?"). */
const REFERRING = /^(och|men|om|då|samma|också)\b|\b(det|den|då|dom|dem|sådan|sånt)\b/i;
const SHORT_QUESTION_WORDS = 6;

export function unknownAnswer(phone: string = COMPANY.phone): string {
  return `Det kan jag tyvärr inte svara på. Jag svarar på frågor om värmepumpar: fel, skötsel, priser och bokning. Ring gärna vår kundtjänst på ${phone} (måndag–fredag 08:00–17:00), så hjälper vi dig.`;
}

function bookingSuggestion(article: Article): string | null {
  if (!article.book) return null;
  return `Vill du att en tekniker hjälper dig? Boka **${SERVICE_TYPE_LABELS[article.book]}** under Boka service.`;
}

/**
 * The articles for a question, read in the light of the conversation. A follow-up that names no
 * topic of its own ("och hur ofta?") is searched together with the customer's previous question;
 * one that does ("vad kostar det?", "och om utedelen är full av is då?") keeps its own articles, with
 * the previous question deciding between those close in score.
 */
export function retrieve(question: string, history: readonly HistoryMessage[] = []): Hit[] {
  const own = searchArticles(question);
  const previous = [...history].reverse().find((m) => m.role === "user")?.content;
  const leans = previous && (REFERRING.test(question.trim()) || question.trim().split(/\s+/).length <= SHORT_QUESTION_WORDS);
  if (!leans) return own;
  if (!isRelevant(own[0])) return searchArticles(`${question} ${question} ${previous}`);
  const context = new Map(searchArticles(`${question} ${previous}`, 10).map((hit) => [hit.article.id, hit.score]));
  return own.map((hit) => ({ ...hit, score: hit.score + CONTEXT_WEIGHT * (context.get(hit.article.id) ?? 0) })).sort((a, b) => b.score - a.score);
}

/** How much the previous question counts when a follow-up has a topic of its own. */
const CONTEXT_WEIGHT = 0.3;

export function composeAnswer(hits: readonly Hit[], phone: string = COMPANY.phone): { answer: string; articles: Article[] } {
  const [best, second] = hits;
  if (!isRelevant(best)) return { answer: unknownAnswer(phone), articles: [] };
  const parts = [best.article.body];
  const related = isRelevant(second) && second.score >= best.score * 0.6 && second.article.id !== best.article.id ? second.article : null;
  if (related) parts.push(`Se också: **${related.title}**. Fråga gärna om det.`);
  const suggestion = bookingSuggestion(best.article);
  if (suggestion) parts.push(suggestion);
  return { answer: parts.join("\n\n"), articles: related ? [best.article, related] : [best.article] };
}
