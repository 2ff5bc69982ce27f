// Swedish texts of choosing a day and a start time (rules §2 booking wizard), shown alike by the
// booking wizard and the booking link's move dialog, and by the month calendar both of them use.
export const scheduleText = {
  dateHeading: "Välj datum",
  timeLegend: "Välj starttid",
  placeholder: "Välj ett datum för att se tillgängliga tider",
  loading: "Kontrollerar tillgängliga tider...",
  empty: "Inga tillgängliga tider för valt datum",
  selectedDate: "Valt datum",
  previousMonth: "Föregående månad",
  nextMonth: "Nästa månad",
  calendarLoading: "Hämtar lediga datum...",
  /** rules D22: a day the calendar cannot offer because we are closed. */
  closedDay: (name: string) => `${name}, stängt`,
};
