import type { HistoryMessage } from "./compose";

// Optional: an OpenAI-compatible chat endpoint (LLM_BASE_URL, LLM_API_KEY, LLM_MODEL) phrases the
// answer from the articles retrieval found (rules D16: grounded in the knowledge base, never
// inventing prices or promises). Anything that goes wrong returns null: the caller then answers from
// the knowledge base itself.

export type LlmConfig = { baseUrl: string; apiKey: string; model: string; timeoutMs: number };

const SYSTEM_PROMPT = [
  "Du är ServiceBot, kundtjänstassistent hos ett svenskt serviceföretag för värmepumpar.",
  "Svara kort, vänligt och på svenska. Använd bara fakta ur artiklarna nedan.",
  "Hitta aldrig på priser, tider, garantier eller löften som inte står i artiklarna.",
  "Om artiklarna inte besvarar frågan: säg att du inte vet och hänvisa till telefonnumret.",
  "Formatera med **fetstil** och numrerade listor (1. 2. 3.) när det hjälper; ingen HTML, inga länkar.",
].join(" ");

export async function askLlm(
  config: LlmConfig,
  input: { question: string; history: readonly HistoryMessage[]; articles: readonly { title: string; body: string }[]; phone: string },
  fetchImpl: typeof fetch = fetch,
): Promise<string | null> {
  const context = input.articles.map((a) => `### ${a.title}\n${a.body}`).join("\n\n");
  const body = {
    model: config.model,
    temperature: 0.2,
    max_tokens: 600,
    messages: [
      { role: "system", content: `${SYSTEM_PROMPT}\nTelefon: ${input.phone}.\n\nArtiklar:\n${context}` },
      ...input.history.map((m) => ({ role: m.role, content: m.content })),
      { role: "user", content: input.question },
    ],
  };
  try {
    const response = await fetchImpl(`${config.baseUrl.replace(/\/+$/, "")}/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${config.apiKey}` },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(config.timeoutMs),
    });
    if (!response.ok) return null;
    const data = (await response.json()) as { choices?: { message?: { content?: unknown } }[] };
    const content = data?.choices?.[0]?.message?.content;
    return typeof content === "string" && content.trim() ? content.trim().slice(0, 4000) : null;
  } catch {
    return null; // network, timeout, malformed JSON
  }
}
