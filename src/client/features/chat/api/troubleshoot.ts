import { apiFetch } from "@/client/lib/api";
import type { ChatAnswer, ChatQuestion } from "@/common/schemas/chatbot";

/** POST /api/chatbot/troubleshoot (rules §7): ServiceBot's answer to a question and the messages before it. */
export function troubleshoot(question: ChatQuestion): Promise<ChatAnswer> {
  return apiFetch<ChatAnswer>("/api/chatbot/troubleshoot", { method: "POST", body: question });
}
