import { createHash, randomBytes } from "node:crypto";
import { integrationsText } from "@/common/schemas/integrations";
import type { GoogleConfig } from "../../config";
import { AppError } from "../../lib/errors";
import type { IntegrationsRepository } from "./integrations.repository";

// Google Calendar over OAuth 2.0 (rules D12; rules §4 authorization popup, §8 texts). It works
// only when GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set; the screen never says "connected"
// unless tokens are stored and Google answers with them.

const STATE_TTL_MS = 10 * 60 * 1000;
const REQUEST_TIMEOUT_MS = 8000;
export const GOOGLE_SCOPE = "https://www.googleapis.com/auth/calendar";

type Connection = { accessToken: string; refreshToken: string | null; expiresAt: number; connectedAt: string; connectedBy: number };
type Calendar = { id: string; summary: string; primary: boolean };

const hash = (state: string) => createHash("sha256").update(state).digest("base64url");

export function createGoogleCalendar({
  repo,
  config,
  publicUrl,
  log,
}: {
  repo: IntegrationsRepository;
  config: GoogleConfig | null;
  publicUrl: string;
  log: { warn: (o: object, m: string) => void };
}) {
  const redirectUri = `${publicUrl}/api/admin/google/callback`;

  function configured(): GoogleConfig {
    if (!config) throw new AppError("GOOGLE_NOT_CONFIGURED", 503, integrationsText.googleNotConfigured);
    return config;
  }

  async function stored(): Promise<Connection | null> {
    return ((await repo.googleConnection()) as Connection | undefined) ?? null;
  }

  async function store(connection: Connection) {
    await repo.storeGoogleConnection(connection);
  }

  async function tokenRequest(google: GoogleConfig, params: Record<string, string>) {
    const response = await fetch(google.tokenUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: new URLSearchParams({ client_id: google.clientId, client_secret: google.clientSecret, ...params }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`token endpoint answered ${response.status}`);
    const body = (await response.json()) as { access_token?: unknown; refresh_token?: unknown; expires_in?: unknown };
    if (typeof body.access_token !== "string" || !body.access_token) throw new Error("token endpoint answered without an access token");
    return {
      accessToken: body.access_token,
      refreshToken: typeof body.refresh_token === "string" ? body.refresh_token : null,
      expiresIn: Number(body.expires_in) || 3600,
    };
  }

  /** A valid access token: the stored one, or a fresh one from the refresh token. */
  async function accessToken(google: GoogleConfig, connection: Connection): Promise<string> {
    if (connection.expiresAt - 60_000 > Date.now()) return connection.accessToken;
    if (!connection.refreshToken) throw new Error("access token expired and no refresh token");
    const fresh = await tokenRequest(google, { grant_type: "refresh_token", refresh_token: connection.refreshToken });
    await store({ ...connection, accessToken: fresh.accessToken, expiresAt: Date.now() + fresh.expiresIn * 1000 });
    return fresh.accessToken;
  }

  async function calendars(google: GoogleConfig, connection: Connection): Promise<Calendar[]> {
    const response = await fetch(`${google.apiUrl}/calendar/v3/users/me/calendarList`, {
      headers: { authorization: `Bearer ${await accessToken(google, connection)}`, accept: "application/json" },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`calendarList answered ${response.status}`);
    const body = (await response.json()) as { items?: { id?: unknown; summary?: unknown; primary?: unknown }[] };
    return (body.items ?? [])
      .filter((c) => typeof c.id === "string")
      .map((c) => ({ id: c.id as string, summary: typeof c.summary === "string" ? c.summary : (c.id as string), primary: c.primary === true }));
  }

  return {
    /** rules §7 GET /api/admin/google/auth: the consent URL, with a single-use state bound to this admin. */
    async authUrl(userId: number): Promise<string> {
      const google = configured();
      const state = randomBytes(32).toString("base64url");
      await repo.addOauthState(hash(state), userId, new Date(Date.now() + STATE_TTL_MS));
      const url = new URL(google.authUrl);
      url.search = new URLSearchParams({
        client_id: google.clientId,
        redirect_uri: redirectUri,
        response_type: "code",
        scope: GOOGLE_SCOPE,
        access_type: "offline",
        prompt: "consent",
        include_granted_scopes: "true",
        state,
      }).toString();
      return url.toString();
    },

    /**
     * Google's redirect back: the state must be one this admin started, unused and unexpired (it is
     * used up here whatever happens next); then the code becomes tokens, stored in the database.
     */
    async complete(input: { code?: string; state?: string; error?: string }, userId: number): Promise<"connected" | "failed"> {
      const google = configured();
      if (!input.state) return "failed";
      const claimed = await repo.claimOauthState(hash(input.state), userId);
      if (!claimed || input.error || !input.code) return "failed";
      try {
        const tokens = await tokenRequest(google, { grant_type: "authorization_code", code: input.code, redirect_uri: redirectUri });
        await store({
          accessToken: tokens.accessToken,
          refreshToken: tokens.refreshToken,
          expiresAt: Date.now() + tokens.expiresIn * 1000,
          connectedAt: new Date().toISOString(),
          connectedBy: userId,
        });
        return "connected";
      } catch (error) {
        log.warn({ err: error }, "Google Calendar: koden kunde inte bytas mot en token");
        return "failed";
      }
    },

    /** Configured, connected (tokens stored and Google answering), and the account's calendars. */
    async status() {
      const connection = config ? await stored() : null;
      if (!config || !connection) return { configured: !!config, connected: false, connectedAt: null, calendars: [], error: null };
      try {
        return { configured: true, connected: true, connectedAt: connection.connectedAt, calendars: await calendars(config, connection), error: null };
      } catch (error) {
        log.warn({ err: error }, "Google Calendar svarar inte med de sparade nycklarna");
        return { configured: true, connected: false, connectedAt: connection.connectedAt, calendars: [], error: integrationsText.googleFailed };
      }
    },

    async calendars(): Promise<Calendar[]> {
      const google = configured();
      const connection = await stored();
      if (!connection) throw new AppError("GOOGLE_NOT_CONNECTED", 409, integrationsText.googleFailed);
      try {
        return await calendars(google, connection);
      } catch {
        throw new AppError("GOOGLE_FAILED", 502, integrationsText.googleFailed);
      }
    },

    async disconnect() {
      await repo.deleteGoogleConnection();
    },
  };
}
export type GoogleCalendar = ReturnType<typeof createGoogleCalendar>;
