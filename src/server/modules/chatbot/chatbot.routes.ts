import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ChatAnswerSchema, ChatQuestionSchema } from "@/common/schemas/chatbot";
import type { ChatbotService } from "./chatbot.service";

// Public: customers ask ServiceBot without logging in (docs/decisions/0003-public-routes.md).
export async function chatbotRoutes(fastify: FastifyInstance, { chatbot }: { chatbot: ChatbotService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post("/api/chatbot/troubleshoot", { schema: { body: ChatQuestionSchema, response: { 200: ChatAnswerSchema } } }, (request) =>
    chatbot.answer(request.body, request.ip),
  );
}
