import type { CompanyProfile } from "@/common/company";

// The page behind a reminder e-mail's "Avregistrera dig" link. The link itself only shows a button:
// mail scanners open links, and they must not unsubscribe anyone. The button (one click) and mail
// apps' own unsubscribe button (RFC 8058: a POST to the List-Unsubscribe address) do it.

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

export type UnsubscribePageState = "ask" | "done" | "unknown";

export function unsubscribePage(state: UnsubscribePageState, company: CompanyProfile, action: string): string {
  const name = escapeHtml(company.name);
  const body = {
    ask: `<h1>Avsluta servicepåminnelser</h1>
<p>Vill du sluta få påminnelser om service av din värmepump från ${name}?</p>
<form method="post" action="${escapeHtml(action)}"><button type="submit" style="font: inherit; padding: 0.6rem 1.2rem; border-radius: 0.5rem; border: 0; background: #1d4ed8; color: #fff; cursor: pointer">Avsluta påminnelser</button></form>`,
    done: `<h1>Du är avregistrerad</h1>
<p>Du får inga fler servicepåminnelser från ${name}. Dina bokningar påverkas inte.</p>`,
    unknown: `<h1>Länken fungerar inte</h1>
<p>Vi hittar ingen påminnelse för den här länken. Kontakta ${name} på ${escapeHtml(company.phone)} eller ${escapeHtml(company.email)} så hjälper vi dig.</p>`,
  }[state];
  return `<!doctype html>
<html lang="sv">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Servicepåminnelser – ${name}</title>
</head>
<body style="font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 36rem; padding: 0 1rem; color: #0f172a; line-height: 1.5">
<main>
${body}
<p><a href="/" style="color: #1d4ed8">Till ${name}</a></p>
</main>
</body>
</html>
`;
}
