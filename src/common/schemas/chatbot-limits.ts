// ServiceBot's limits, without zod: the chat dialog needs the numbers, not the schema (issue 7).

export const CHAT_QUESTION_MAX = 2000;
/** How many earlier messages a question may bring for context (a follow-up such as "och om …?"). */
export const CHAT_HISTORY_MAX = 6;
