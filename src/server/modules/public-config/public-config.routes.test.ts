import { describe, expect, it } from "vitest";
import { createTestApp } from "../../test-support/test-app";

// rules D19: the login pages show the demo accounts only while demo data is on, and never in
// production (issue 22, point 5), which refuses demo data at start; the route holds even for a
// configuration made without loadConfig.

describe("GET /api/public/config", () => {
  it("lists the demo accounts while demo data is on", async () => {
    const t = await createTestApp({ seedDemo: true });
    try {
      const res = await t.app.inject({ method: "GET", url: "/api/public/config" });
      expect(res.json()).toMatchObject({
        demo: true,
        demoAccounts: [
          { role: "admin", username: "admin" },
          { role: "technician", username: "tekniker" },
        ],
      });
    } finally {
      await t.close();
    }
  });

  it("never publishes a password in production or without demo data", async () => {
    for (const overrides of [{ seedDemo: true, production: true }, { seedDemo: false }]) {
      const t = await createTestApp(overrides);
      try {
        const res = await t.app.inject({ method: "GET", url: "/api/public/config" });
        expect(res.json(), JSON.stringify(overrides)).toEqual({ demo: false, demoAccounts: [] });
      } finally {
        await t.close();
      }
    }
  });
});
