import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { resetToasts } from "@/client/components/ui/toast";
import { adminUser, renderApp } from "@/client/test/test-utils";

afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.unstubAllGlobals();
});

describe("admin dashboard", () => {
  it("writes the chosen tab into the URL", async () => {
    const { router } = renderApp("/admin", { user: adminUser });
    const planning = await screen.findByRole("tab", { name: "Planering" });
    fireEvent.mouseDown(planning);
    await waitFor(() => expect(router.state.location.search).toBe("?tab=planning"));
    const hrefs = within(screen.getByRole("tabpanel")).getAllByRole("link").map((link) => link.getAttribute("href"));
    expect(hrefs).toEqual(["/admin/route-optimization", "/admin/technicians", "/admin/protocols", "/admin/statistics"]);
  });

  it("describes the service reminders card", async () => {
    renderApp("/admin?tab=customers", { user: adminUser });
    const card = await screen.findByRole("link", { name: /Servicepåminnelser/ });
    expect(card.getAttribute("href")).toBe("/admin/service-reminders");
    expect(card.textContent).toContain("Påminnelser efter 24 månader");
  });

  it("falls back to the bookings tab for an unknown ?tab=", async () => {
    renderApp("/admin?tab=okand", { user: adminUser });
    expect((await screen.findByRole("tab", { name: "Bokningar" })).getAttribute("aria-selected")).toBe("true");
  });
});
