import { z } from "zod";
import { HEAT_PUMP_AGES, HEAT_PUMP_TYPES, MAIN_ISSUES } from "./diagnose";

// rules §5 Assistant: pump type, age and main issue are required; the description is optional.
export const assistantText = {
  missingTitle: "Saknade uppgifter",
  missingDescription: "Vänligen fyll i alla fält för bästa diagnos.",
  typeRequired: "Välj typ av värmepump",
  ageRequired: "Välj värmepumpens ålder",
  issueRequired: "Välj vad problemet gäller",
} as const;

export const AssistantInputSchema = z.object({
  heatPumpType: z.enum(HEAT_PUMP_TYPES, { error: assistantText.typeRequired }),
  heatPumpAge: z.enum(HEAT_PUMP_AGES, { error: assistantText.ageRequired }),
  mainIssue: z.enum(MAIN_ISSUES, { error: assistantText.issueRequired }),
  issueDescription: z.string().max(2000).default(""),
});
