import { PolicyArticle } from "./components/policy-article";
import { useCompany } from "@/client/lib/company";
import { cookieTable, cookiesDocument } from "./text";

// The cookie table (rules §2, §9). From sm up a normal table; on a phone (issue 8: it must fit a
// 360 px screen) every row stacks into a card whose cells carry their column's name. The roles are
// written out because `display: block` makes browsers forget that a table is a table.
const cell =
  "px-4 sm:py-3 max-sm:grid max-sm:gap-0.5 max-sm:py-1.5 max-sm:before:text-xs max-sm:before:font-semibold max-sm:before:uppercase max-sm:before:tracking-wide max-sm:before:text-slate-600 max-sm:before:content-[attr(data-label)]";

function CookieTable() {
  const [nameHeader, ...otherHeaders] = cookieTable.headers;
  return (
    <div className="rounded-lg border border-slate-200">
      <table role="table" aria-labelledby="cookie-table-caption" className="w-full border-collapse text-left text-sm max-sm:block">
        <caption id="cookie-table-caption" className="px-4 py-3 text-left font-semibold text-slate-900 max-sm:block">
          {cookieTable.caption}
        </caption>
        <thead role="rowgroup" className="bg-slate-100 text-slate-900 max-sm:sr-only">
          <tr role="row">
            {cookieTable.headers.map((header) => (
              <th key={header} role="columnheader" scope="col" className="px-4 py-2 font-semibold">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup" className="max-sm:block">
          {cookieTable.rows.map((row) => (
            <tr key={row.name} role="row" className="border-t border-slate-200 align-top max-sm:block max-sm:py-2">
              <th role="rowheader" scope="row" data-label={nameHeader} className={`${cell} font-mono font-semibold text-slate-900`}>
                {row.name}
              </th>
              <td role="cell" data-label={otherHeaders[0]} className={cell}>
                {row.category}
              </td>
              <td role="cell" data-label={otherHeaders[1]} className={cell}>
                {row.duration}
              </td>
              <td role="cell" data-label={otherHeaders[2]} className={cell}>
                {row.purpose}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** /policies/cookies: in effect from 2025-05-18, with the cookie table (rules §2, §9). */
export default function CookiesPage() {
  return <PolicyArticle doc={cookiesDocument(useCompany())} idPrefix="cookies" extras={{ 1: <CookieTable /> }} />;
}
