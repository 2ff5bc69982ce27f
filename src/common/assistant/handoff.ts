// What the troubleshooting assistant hands to the booking form (rules §2: "continue to booking"):
// what the customer told it, written out in Swedish for the booking's description, so the
// technician reads the problem, the heat pump, any error code and the customer's own words.
import { BOOKING_FIELD_MAX } from "../booking-fields";
import { HEAT_PUMP_AGE_LABELS, HEAT_PUMP_TYPE_LABELS, MAIN_ISSUE_LABELS, type AssistantInput } from "./diagnose";

export const handoffText = {
  heading: "Från felsökningsassistenten",
  problem: "Problem",
  heatPump: "Värmepump",
  errorCode: "Felkod",
  errorCodes: "Felkoder",
  description: "Beskrivning",
} as const;

/**
 * Error codes as displays show them (E5, F3, H6, U4, E101, EE-12), upper-cased, each once. Refrigerant
 * names (R32, R290) and model numbers of four digits (Nibe F2040) are not codes.
 */
export function errorCodesIn(text: string): string[] {
  const codes = new Set<string>();
  for (const match of text.matchAll(/(?:^|[^\p{L}\d])([A-Za-z]{1,2})-?(\d{1,3})(?![\p{L}\d])/gu)) {
    const letters = match[1].toUpperCase();
    if (letters === "R") continue;
    codes.add(`${letters}${match[2]}`);
  }
  return [...codes];
}

/** The booking's description from the assistant's answers, at most the booking form's limit. */
export function handoffDescription(input: AssistantInput): string {
  const codes = errorCodesIn(input.issueDescription);
  const lines = [
    `${handoffText.heading}:`,
    `${handoffText.problem}: ${MAIN_ISSUE_LABELS[input.mainIssue]}`,
    `${handoffText.heatPump}: ${HEAT_PUMP_TYPE_LABELS[input.heatPumpType]}, ${HEAT_PUMP_AGE_LABELS[input.heatPumpAge].toLowerCase()}`,
  ];
  if (codes.length > 0) lines.push(`${codes.length === 1 ? handoffText.errorCode : handoffText.errorCodes}: ${codes.join(", ")}`);
  const head = lines.join("\n");
  const own = input.issueDescription.trim();
  if (!own) return head;
  const room = BOOKING_FIELD_MAX.description - head.length - `\n${handoffText.description}: `.length;
  return `${head}\n${handoffText.description}: ${own.length > room ? `${own.slice(0, room - 1)}…` : own}`;
}
