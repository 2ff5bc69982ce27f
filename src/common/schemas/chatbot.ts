// ServiceBot's contract (rules §7 POST /api/chatbot/troubleshoot, §5 Chat).
import { z } from "zod";
import { CHAT_HISTORY_MAX, CHAT_QUESTION_MAX } from "./chatbot-limits";

export { CHAT_HISTORY_MAX, CHAT_QUESTION_MAX };

export const chatbotText = {
  questionRequired: "Skriv en fråga",
  questionTooLong: `Frågan är för lång (högst ${CHAT_QUESTION_MAX} tecken)`,
  historyInvalid: "Ogiltig konversation",
  tooMany: "Du har ställt många frågor på kort tid. Vänta en stund och försök igen, eller ring oss.",
} as const;

export const ChatHistoryMessageSchema = z.object({
  role: z.enum(["user", "assistant"], { error: chatbotText.historyInvalid }),
  content: z.string({ error: chatbotText.historyInvalid }).max(CHAT_QUESTION_MAX * 2, { error: chatbotText.historyInvalid }),
});

export const ChatQuestionSchema = z.object({
  question: z
    .string({ error: chatbotText.questionRequired })
    .trim()
    .min(1, { error: chatbotText.questionRequired })
    .max(CHAT_QUESTION_MAX, { error: chatbotText.questionTooLong }),
  history: z.array(ChatHistoryMessageSchema, { error: chatbotText.historyInvalid }).max(CHAT_HISTORY_MAX, { error: chatbotText.historyInvalid }).optional(),
});
export type ChatQuestion = z.input<typeof ChatQuestionSchema>;

export const ChatAnswerSchema = z.object({ answer: z.string() });
export type ChatAnswer = z.output<typeof ChatAnswerSchema>;
