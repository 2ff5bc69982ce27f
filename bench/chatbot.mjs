// Issue 9: ServiceBot's quality and speed on the labelled questions of bench/chatbot-questions.json.
// Accuracy is measured on the server's own retrieval code (imported through tsx); the answer time
// end to end, over HTTP against the built app without an LLM, each question asked as a customer
// would. Budgets: top-1 at least 90 %, top-3 at least 97 %, every question outside the knowledge base
// answered with "vet inte", the intents of issue 11 (an error code on a brand, urgency, a price, a
// wish to book) saying what they must for at least 90 %, p95 answer time under 20 ms.
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { tsImport } from "tsx/esm/api";

const TOP1_BUDGET = 0.9;
const TOP3_BUDGET = 0.97;
const P95_BUDGET_MS = 20;
const INTENT_BUDGET = 0.9;

const data = JSON.parse(readFileSync(new URL("./chatbot-questions.json", import.meta.url), "utf8"));
const accepted = (entry) => entry.accept ?? [entry.article];

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export async function chatbotBench(ctx) {
  const { read, retrieve, composeAnswer, unknownAnswer, DEFAULT_FACTS } = await tsImport("../src/server/modules/chatbot/compose.ts", import.meta.url);
  const { isRelevant } = await tsImport("../src/server/modules/chatbot/retrieval.ts", import.meta.url);
  const inDomain = data.questions.filter((e) => e.article !== "none");
  const outside = data.questions.filter((e) => e.article === "none");
  let top1 = 0;
  let top3 = 0;
  for (const entry of inDomain) {
    const hits = retrieve(entry.q);
    const ids = hits.slice(0, 3).map((h) => h.article.id);
    const relevant = isRelevant(hits[0]);
    if (relevant && accepted(entry).includes(ids[0])) top1 += 1;
    else ctx.log(`top-1 miss: "${entry.q}" → ${ids.join(", ")} (want ${accepted(entry).join(" or ")})`);
    if (relevant && ids.some((id) => accepted(entry).includes(id))) top3 += 1;
  }
  const honest = outside.filter((e) => composeAnswer(read(e.q)).answer === unknownAnswer()).length;
  const followUps = data.followUps.filter((f) => accepted(f).includes(retrieve(f.q, [{ role: "user", content: f.previous }])[0]?.article.id)).length;
  // What the intents' answers must say ({phone} and {earliest} as the quality test gives them).
  const facts = { ...DEFAULT_FACTS, earliestTroubleshooting: "måndag 7 december kl. 08:00–10:00" };
  const expected = (text) => text.replace("{phone}", facts.phone).replace("{earliest}", facts.earliestTroubleshooting).toLowerCase();
  const intents = [...data.questions, ...data.followUps].filter((e) => e.contains);
  const intentsRight = intents.filter((e) => {
    const answer = composeAnswer(read(e.q, e.previous ? [{ role: "user", content: e.previous }] : []), facts).answer.toLowerCase();
    const right = e.contains.every((text) => answer.includes(expected(text)));
    if (!right) ctx.log(`intent miss: "${e.q}" lacks ${e.contains.filter((text) => !answer.includes(expected(text))).join(" | ")}`);
    return right;
  }).length;

  // End to end over HTTP, without an LLM; the per-address limit is lifted for the run.
  const server = await ctx.startServer({
    env: { CHATBOT_QUESTIONS_PER_ADDRESS_PER_HOUR: "1000000", LLM_BASE_URL: "", LLM_API_KEY: "", LLM_MODEL: "" },
    label: "chatbot",
  });
  const url = `${server.baseUrl}/api/chatbot/troubleshoot`;
  const askOnce = async (question, history) => {
    const started = performance.now();
    const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ question, history }) });
    await response.json();
    if (response.status !== 200) throw new Error(`POST ${url}: ${response.status}`);
    return performance.now() - started;
  };
  for (const entry of data.questions.slice(0, 20)) await askOnce(entry.q); // warm-up: index, JIT, connections
  const times = [];
  for (let round = 0; round < 3; round += 1) {
    for (const entry of data.questions) times.push(await askOnce(entry.q));
    for (const f of data.followUps) times.push(await askOnce(f.q, [{ role: "user", content: f.previous }]));
  }
  const p95 = percentile(times, 95);

  const name = "ServiceBot (knowledge base)";
  return [
    {
      benchmark: name,
      metric: `top-1 accuracy (${inDomain.length} questions)`,
      value: `${((100 * top1) / inDomain.length).toFixed(1)} %`,
      unit: "",
      limit: ">= 90 %",
      ok: top1 / inDomain.length >= TOP1_BUDGET,
    },
    {
      benchmark: name,
      metric: "top-3 accuracy",
      value: `${((100 * top3) / inDomain.length).toFixed(1)} %`,
      unit: "",
      limit: ">= 97 %",
      ok: top3 / inDomain.length >= TOP3_BUDGET,
    },
    {
      benchmark: name,
      metric: "outside the knowledge base: honest 'vet inte'",
      value: `${honest}/${outside.length}`,
      unit: "",
      limit: "all",
      ok: honest === outside.length,
    },
    {
      benchmark: name,
      metric: "follow-ups read in context",
      value: `${followUps}/${data.followUps.length}`,
      unit: "",
      limit: "all",
      ok: followUps === data.followUps.length,
    },
    {
      benchmark: name,
      metric: `intent answers saying what they must (${intents.length})`,
      value: `${((100 * intentsRight) / intents.length).toFixed(1)} %`,
      unit: "",
      limit: ">= 90 %",
      ok: intentsRight / intents.length >= INTENT_BUDGET,
    },
    {
      benchmark: name,
      metric: `answer time p95 over HTTP (${times.length} questions)`,
      value: Number(p95.toFixed(1)),
      unit: "ms",
      limit: "< 20 ms",
      ok: p95 < P95_BUDGET_MS,
    },
  ];
}
