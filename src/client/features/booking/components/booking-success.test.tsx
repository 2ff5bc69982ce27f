import { cleanup, render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { CreatedBooking } from "../api/create-booking";
import { BookingSuccess } from "./booking-success";

afterEach(cleanup);

function renderSuccess(booking: CreatedBooking) {
  const router = createMemoryRouter([{ path: "/booking", element: <BookingSuccess booking={booking} /> }], {
    initialEntries: ["/booking"],
  });
  render(<RouterProvider router={router} />);
}

const booking: CreatedBooking = {
  id: 42,
  serviceType: "service",
  date: "2026-12-07",
  timeSlot: "10:00-12:00",
  description: "Årlig service",
  heatpumpModel: "Nibe F2120",
  status: "confirmed",
  customer: { name: "Lena Holm", email: "lena@exempel.se", phone: "070-123 45 67", address: "Storgatan 1", postalCode: "753 20", city: "Uppsala" },
  manageUrl: "http://localhost/booking/shared/abc",
  calendarUrl: "/api/booking-links/abc/calendar.ics",
};

describe("BookingSuccess", () => {
  it("shows the booking, the customer, the e-mail notice and the actions", () => {
    renderSuccess(booking);
    expect(screen.getByRole("heading", { level: 1, name: "Tack för din bokning!" })).toBeInTheDocument();
    const info = screen.getByRole("region", { name: "Bokningsinformation" });
    expect(within(info).getByText("42")).toBeInTheDocument();
    expect(within(info).getByText("måndag 7 december 2026")).toBeInTheDocument();
    expect(within(info).getByText("10:00–12:00")).toBeInTheDocument();
    expect(within(info).getByText("Nibe F2120")).toBeInTheDocument();
    expect(within(screen.getByRole("region", { name: "Dina uppgifter" })).getByText("Storgatan 1, 753 20 Uppsala")).toBeInTheDocument();
    expect(screen.getByText(/lena@exempel\.se\. Om den inte kommer fram inom några minuter, kontrollera din skräppost\./)).toBeInTheDocument();
    const calendar = screen.getByRole("link", { name: "Lägg till i kalender" });
    expect(calendar).toHaveAttribute("href", "/api/booking-links/abc/calendar.ics");
    expect(calendar).toHaveAttribute("download", "42.ics");
    expect(screen.getByRole("button", { name: "Skriv ut bekräftelse" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Till startsidan" })).toHaveAttribute("href", "/");
  });

  it("shows the rules §8 fallbacks for missing values", () => {
    renderSuccess({
      ...booking,
      date: "",
      timeSlot: "",
      customer: { name: "", email: "", phone: "", address: "", postalCode: "", city: "" },
    });
    for (const text of ["Datum ej angivet", "Tid ej angiven", "Namn ej angivet", "E-post ej angiven", "Telefon ej angiven", "Adress ej angiven"]) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
  });
});
