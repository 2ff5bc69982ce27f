import { Info } from "lucide-react";
import { ROLE_LABELS } from "@/common/constants";
import type { DemoAccount } from "../api/get-public-config";
import { authText } from "../text";

const text = authText.demo;

/** The demo credentials box (rules D19); renders nothing without accounts. */
export function DemoAccountsHint({ accounts, title = text.title, intro = text.intro }: { accounts: DemoAccount[]; title?: string; intro?: string }) {
  if (accounts.length === 0) return null;
  return (
    <section aria-labelledby="demo-accounts-title" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-slate-900">
      <h2 id="demo-accounts-title" className="flex items-center gap-2 font-semibold">
        <Info className="size-4" aria-hidden="true" />
        {title}
      </h2>
      <p className="mt-1">{intro}</p>
      <ul className="mt-2 space-y-2">
        {accounts.map((account) => (
          <li key={`${account.role}-${account.username}`}>
            <p className="font-medium">{ROLE_LABELS[account.role] ?? account.role}</p>
            <dl className="grid grid-cols-[auto_1fr] gap-x-2">
              <dt>{text.username}:</dt>
              <dd>
                <code className="font-mono">{account.username}</code>
              </dd>
              <dt>{text.password}:</dt>
              <dd>
                <code className="font-mono">{account.password}</code>
              </dd>
            </dl>
          </li>
        ))}
      </ul>
    </section>
  );
}
