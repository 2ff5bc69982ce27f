import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { resetToasts } from "@/client/components/ui/toast";
import { currentUserQueryKey } from "@/client/lib/auth";
import { adminUser, mockFetch, renderApp, technicianUser } from "@/client/test/test-utils";

afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.unstubAllGlobals();
});

async function mainNav() {
  return within(await screen.findByRole("navigation", { name: "Huvudmeny" }));
}

function linkNames(nav: ReturnType<typeof within>) {
  return nav.queryAllByRole("link").map((link: HTMLElement) => link.textContent);
}

describe("top navigation", () => {
  it("offers staff login and booking to anonymous visitors", async () => {
    renderApp("/", { user: null });
    const nav = await mainNav();
    expect(linkNames(nav)).toEqual(["För kunder", "För personal", "Boka service"]);
    expect(nav.getByRole("link", { name: "För personal" })).toHaveAttribute("href", "/login");
    expect(nav.getByRole("link", { name: "Boka service" })).toHaveAttribute("href", "/booking");
    expect(nav.queryByRole("button", { name: "Logga ut" })).not.toBeInTheDocument();
  });

  it("shows Administration and a logout button to an admin", async () => {
    renderApp("/", { user: adminUser });
    const nav = await mainNav();
    expect(linkNames(nav)).toEqual(["För kunder", "Administration"]);
    expect(nav.getByRole("link", { name: "Administration" })).toHaveAttribute("href", "/admin");
    expect(nav.getByRole("button", { name: "Logga ut" })).toBeInTheDocument();
  });

  it("shows Tekniker and a logout button to a technician", async () => {
    renderApp("/", { user: technicianUser });
    const nav = await mainNav();
    expect(linkNames(nav)).toEqual(["För kunder", "Tekniker"]);
    expect(nav.getByRole("link", { name: "Tekniker" })).toHaveAttribute("href", "/technician");
    expect(nav.getByRole("button", { name: "Logga ut" })).toBeInTheDocument();
  });

  it("logs out, goes to the start page and shows the anonymous links again", async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({ "POST /api/auth/logout": { body: { ok: true } } });
    const { router, queryClient } = renderApp("/policies/terms", { user: adminUser });
    const nav = await mainNav();
    // The logout button loads with the first logged-in page (it brings the API client along).
    await waitFor(() => expect(nav.getByRole("button", { name: "Logga ut" })).toBeEnabled());
    await user.click(nav.getByRole("button", { name: "Logga ut" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    await waitFor(() => expect(nav.getByRole("link", { name: "För personal" })).toBeInTheDocument());
    expect(queryClient.getQueryData(currentUserQueryKey)).toBeNull();
    expect(fetchMock.mock.calls.some(([url, init]) => url === "/api/auth/logout" && init?.method === "POST")).toBe(true);
  });

  it("has a menu toggle for small screens that closes when a link is chosen", async () => {
    const user = userEvent.setup();
    renderApp("/", { user: null });
    const toggle = await screen.findByRole("button", { name: "Öppna meny" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    const menu = document.getElementById(toggle.getAttribute("aria-controls") ?? "");
    expect(menu?.tagName).toBe("NAV");

    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(toggle).toHaveAttribute("aria-label", "Stäng meny");

    await user.click(within(menu!).getByRole("link", { name: "För personal" }));
    expect(toggle).toHaveAttribute("aria-expanded", "false");
  });
});

describe("footer", () => {
  it("links services, staff login and policies, with the current year", async () => {
    renderApp("/", { user: null });
    const footer = within(await screen.findByRole("contentinfo"));
    const hrefs = footer.getAllByRole("link").map((link) => link.getAttribute("href"));
    expect(hrefs).toEqual(
      expect.arrayContaining([
        "/booking?service=service",
        "/booking?service=installation",
        "/booking?service=troubleshooting",
        "/login",
        "/policies/terms",
        "/policies/privacy",
        "/policies/cookies",
      ]),
    );
    expect(footer.getByRole("link", { name: "Byte av värmepump" })).toHaveAttribute("href", "/booking?service=installation");
    expect(footer.getByText(new RegExp(`© ${new Date().getFullYear()}`))).toBeInTheDocument();
  });
});
