import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { resetToasts } from "@/client/components/ui/toast";
import { renderApp } from "@/client/test/test-utils";

afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.unstubAllGlobals();
});

describe("landing page", () => {
  it("has the hero, the booking button and the landing claims", async () => {
    renderApp("/", { user: null });
    expect(await screen.findByRole("heading", { level: 1, name: "Boka tid för din värmepump" })).toBeInTheDocument();
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(screen.getByRole("link", { name: "Boka tid nu" })).toHaveAttribute("href", "/booking");
    expect(screen.getByText("Bekräftelse direkt")).toBeInTheDocument();
    expect(screen.getByText(/ca 2 minuter/)).toBeInTheDocument();
    expect(screen.getByText("Erfarna tekniker")).toBeInTheDocument();
  });

  it("links the four service cards to the booking wizard with the service chosen", async () => {
    renderApp("/", { user: null });
    const section = within((await screen.findByRole("heading", { name: "Våra tjänster" })).closest("section")!);
    const hrefs = section.getAllByRole("link").map((link) => link.getAttribute("href"));
    expect(hrefs).toEqual(["/booking?service=installation", "/booking?service=service", "/booking?service=troubleshooting", "/booking?service=hembesok"]);
  });

  it("shows three testimonials with five stars that screen readers can read", async () => {
    renderApp("/", { user: null });
    await screen.findByRole("heading", { name: "Vad våra kunder säger" });
    expect(screen.getAllByRole("img", { name: "5 av 5 stjärnor" })).toHaveLength(3);
  });

  it.each(["Fråga ServiceBot", "Chatta med ServiceBot", "Öppna chatten med ServiceBot"])(
    "'%s' opens the ServiceBot dialog, Escape closes it",
    async (buttonName) => {
      const user = userEvent.setup();
      renderApp("/", { user: null });
      await user.click(await screen.findByRole("button", { name: buttonName }));
      const dialog = await screen.findByRole("dialog", { name: "ServiceBot" });
      expect(within(dialog).getByText(/Hej! Jag är ServiceBot/)).toBeInTheDocument();
      await user.keyboard("{Escape}");
      await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    },
  );
});
