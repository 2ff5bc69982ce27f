import type { ChatAnswer } from "@/common/schemas/chatbot";
import { AppError } from "../../lib/errors";
import type { RateLimiter } from "../../lib/rate-limiter";
import { chatbotText } from "@/common/schemas/chatbot";
import { composeAnswer, retrieve, type HistoryMessage } from "./compose";
import { askLlm, type LlmConfig } from "./llm";

type Deps = {
  limiter: RateLimiter;
  limit: { questionsPerAddress: number; windowSeconds: number };
  llm: LlmConfig | null;
  log: { warn: (obj: object, msg: string) => void };
  /** The company's phone number as the settings say now (DECISIONS 11). */
  phone: () => Promise<string>;
};

/**
 * ServiceBot (SPEC §2, §7; DECISIONS 16): an answer from the knowledge base, phrased by the LLM when
 * one is configured and answers in time. Questions are counted per client address in the database,
 * so the limit holds across app instances.
 */
export function createChatbotService({ limiter, limit, llm, log, phone: currentPhone }: Deps) {
  return {
    async answer(input: { question: string; history?: HistoryMessage[] }, clientAddress: string): Promise<ChatAnswer> {
      const allowed = await limiter.hit(`chatbot:address:${clientAddress}`, { limit: limit.questionsPerAddress, windowSeconds: limit.windowSeconds });
      if (!allowed) throw new AppError("TOO_MANY_QUESTIONS", 429, chatbotText.tooMany);
      const history = input.history ?? [];
      const phone = await currentPhone();
      const { answer, articles } = composeAnswer(retrieve(input.question, history), phone);
      // Only a question the knowledge base covers goes to the LLM: it must not answer from its own knowledge.
      if (llm && articles.length > 0) {
        const phrased = await askLlm(llm, { question: input.question, history, articles, phone });
        if (phrased) return { answer: phrased };
        log.warn({ model: llm.model }, "LLM svarade inte; svaret kommer från kunskapsbasen");
      }
      return { answer };
    },
  };
}

export type ChatbotService = ReturnType<typeof createChatbotService>;
