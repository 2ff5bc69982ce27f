import { GOOGLE_RESULT_CHANNEL, type GoogleResult } from "@/common/schemas/integrations";

// The page Google sends the authorization popup back to (rules §4). It tells the window that opened
// the popup how it went and closes. Two things make that work in a real browser:
// - No Cross-Origin-Opener-Policy on this answer: the popup arrives here from Google's pages, and a
//   COOP of its own would put it in a new browsing context group, cutting `window.opener` (the
//   screen would then wait in vain). The rest of the app sends `same-origin-allow-popups`
//   (plugins/security.ts), which keeps the popup tied to its opener while it is at Google.
// - Our CSP forbids inline scripts, so the script is a separate, constant, same-origin file; the
//   result travels in a data attribute. It also goes over a BroadcastChannel (same origin only),
//   which reaches the screen even if a browser cut the opener anyway.

export const CALLBACK_SCRIPT_PATH = "/api/admin/google/callback.js";

const texts: Record<GoogleResult, { title: string; text: string }> = {
  connected: { title: "Google Calendar ansluten!", text: "Fönstret stängs. Om det inte gör det kan du stänga det själv." },
  failed: { title: "Anslutning misslyckades", text: "Kunde inte ansluta till Google Calendar. Försök igen." },
};

export function googleCallbackPage(result: GoogleResult): string {
  const { title, text } = texts[result];
  return `<!doctype html>
<html lang="sv" data-result="${result}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}</title>
<script src="${CALLBACK_SCRIPT_PATH}" defer></script>
</head>
<body style="font-family: system-ui, sans-serif; margin: 2rem; color: #0f172a; line-height: 1.5">
<main>
<h1 style="font-size: 1.25rem">${title}</h1>
<p>${text}</p>
<p><a href="/admin/integrations" style="color: #1d4ed8">Till integrationer</a></p>
</main>
</body>
</html>
`;
}

/** Posts the result to the opener (its origin only) and to the screen's channel, then closes. */
export const googleCallbackScript = `"use strict";
(function () {
  var result = document.documentElement.getAttribute("data-result") === "connected" ? "connected" : "failed";
  var message = { type: ${JSON.stringify(GOOGLE_RESULT_CHANNEL)}, result: result };
  try {
    if (window.opener && window.opener !== window) window.opener.postMessage(message, window.location.origin);
  } catch (error) {}
  try {
    var channel = new BroadcastChannel(${JSON.stringify(GOOGLE_RESULT_CHANNEL)});
    channel.postMessage(message);
    channel.close();
  } catch (error) {}
  window.close();
})();
`;
