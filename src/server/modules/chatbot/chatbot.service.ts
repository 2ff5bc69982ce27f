import type { ChatAnswer } from "@/common/schemas/chatbot";
import type { CompanyProfile } from "@/common/company";
import { AppError } from "../../lib/errors";
import type { RateLimiter } from "../../lib/rate-limiter";
import { chatbotText } from "@/common/schemas/chatbot";
import { composeAnswer, needsEarliestTime, read, type HistoryMessage } from "./compose";
import { earliestFreeSlot, slotInWords, type AvailabilityReader } from "./earliest-time";
import { askLlm, type LlmConfig } from "./llm";

type Deps = {
  limiter: RateLimiter;
  limit: { questionsPerAddress: number; windowSeconds: number };
  llm: LlmConfig | null;
  log: { warn: (obj: object, msg: string) => void };
  /** The company's phone number and opening hours as the settings say now (rules D11). */
  company: () => Promise<Pick<CompanyProfile, "phone" | "openingHoursInText">>;
  /** The wizard's availability: an urgent question is told the earliest time that can be booked. */
  availability: AvailabilityReader;
};

/**
 * ServiceBot (rules §2, §7; rules D16): an answer from the knowledge base, phrased by the LLM when
 * one is configured and answers in time. Questions are counted per client address in the database,
 * so the limit holds across app instances.
 */
export function createChatbotService({ limiter, limit, llm, log, company: currentCompany, availability }: Deps) {
  /** The earliest troubleshooting time a customer can book now, in words, or null when none is free. */
  async function earliestTroubleshooting(): Promise<string | null> {
    const slot = await earliestFreeSlot(availability, "troubleshooting");
    return slot ? slotInWords(slot) : null;
  }

  return {
    async answer(input: { question: string; history?: HistoryMessage[] }, clientAddress: string): Promise<ChatAnswer> {
      const allowed = await limiter.hit(`chatbot:address:${clientAddress}`, { limit: limit.questionsPerAddress, windowSeconds: limit.windowSeconds });
      if (!allowed) throw new AppError("TOO_MANY_QUESTIONS", 429, chatbotText.tooMany);
      const history = input.history ?? [];
      const reading = read(input.question, history);
      const [company, earliest] = await Promise.all([currentCompany(), needsEarliestTime(reading) ? earliestTroubleshooting() : undefined]);
      const { answer, grounds, actions } = composeAnswer(reading, {
        phone: company.phone,
        openingHours: company.openingHoursInText,
        earliestTroubleshooting: earliest,
      });
      // Only a question the knowledge base covers goes to the LLM: it must not answer from its own
      // knowledge. Links, the phone number and the earliest time are added as they are, not phrased.
      if (llm && grounds.length > 0) {
        const phrased = await askLlm(llm, { question: input.question, history, articles: grounds, phone: company.phone });
        if (phrased) return { answer: [phrased, ...actions].join("\n\n") };
        log.warn({ model: llm.model }, "LLM svarade inte; svaret kommer från kunskapsbasen");
      }
      return { answer };
    },
  };
}

export type ChatbotService = ReturnType<typeof createChatbotService>;
