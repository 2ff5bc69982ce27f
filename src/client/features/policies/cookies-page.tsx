import { PolicyArticle } from "./components/policy-article";
import { cookieTable, cookiesDocument } from "./text";

function CookieTable() {
  return (
    // Scrolls sideways on narrow screens; focusable so keyboard users can scroll it too.
    <div role="region" aria-labelledby="cookie-table-caption" tabIndex={0} className="overflow-x-auto rounded-lg border border-slate-200">
      <table className="w-full min-w-[40rem] border-collapse text-left text-sm">
        <caption id="cookie-table-caption" className="px-4 py-3 text-left font-semibold text-slate-900">
          {cookieTable.caption}
        </caption>
        <thead className="bg-slate-100 text-slate-900">
          <tr>
            {cookieTable.headers.map((header) => (
              <th key={header} scope="col" className="px-4 py-2 font-semibold">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {cookieTable.rows.map((row) => (
            <tr key={row.name} className="border-t border-slate-200 align-top">
              <th scope="row" className="px-4 py-3 font-mono font-semibold text-slate-900">
                {row.name}
              </th>
              <td className="px-4 py-3">{row.category}</td>
              <td className="px-4 py-3">{row.duration}</td>
              <td className="px-4 py-3">{row.purpose}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** /policies/cookies: in effect from 2025-05-18, with the cookie table (SPEC §2, §9). */
export default function CookiesPage() {
  return <PolicyArticle doc={cookiesDocument} idPrefix="cookies" extras={{ 1: <CookieTable /> }} />;
}
