/** Query keys of the service-reminder screen; an import or a new reminder refreshes all of them. */
export const remindersKeys = {
  all: ["admin", "service-reminders"] as const,
  pending: ["admin", "service-reminders", "pending"] as const,
  list: ["admin", "service-reminders", "list"] as const,
};
