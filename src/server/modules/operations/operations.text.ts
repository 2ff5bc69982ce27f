// Swedish texts of the health checks and the metrics endpoint (issue 24). Read by operators and their
// tools, never by customers.
export const operationsText = {
  draining: "Instansen stängs ner och tar inte emot nya förfrågningar.",
  databaseFailed: "Databasen svarar inte.",
  databaseTimeout: (ms: number) => `Databasen svarade inte inom ${ms / 1000} s.`,
  migrationsPending: (n: number) => `Databasen saknar ${n === 1 ? "en migrering" : `${n} migreringar`}; starta om servern så att de körs.`,
  migrationsUnknown: "Det gick inte att läsa vilka migreringar databasen har.",
  metricsTokenWrong: "Fel eller saknad token för mätvärdena.",
} as const;
