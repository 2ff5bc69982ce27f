import { LogOut, UserRound } from "lucide-react";
import { Button } from "@/client/components/ui/button";
import { useCurrentUser, useLogout } from "@/client/lib/auth";
import { ROLE_LABELS, type Role } from "@/common/constants";
import { technicianText as text } from "./text";

/** /technician (SPEC §2 Technician portal): the header; the tabs come with the technician issues. */
export default function TechnicianDashboardPage() {
  const { data: user } = useCurrentUser();
  const { logout, isPending } = useLogout();
  const roleLabel = user ? (ROLE_LABELS[user.role as Role] ?? user.role) : "";

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
      <div className="flex flex-col gap-4 border-b border-slate-200 pb-6 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">{text.title}</h1>
          {user && (
            <p className="mt-2 flex flex-wrap items-center gap-2 text-slate-700">
              <UserRound className="size-4" aria-hidden="true" />
              <span className="sr-only">{text.userLabel} </span>
              <span className="font-medium text-slate-900">{user.name}</span>
              <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-sm font-medium text-brand-800">
                <span className="sr-only">{text.roleLabel}: </span>
                {roleLabel}
              </span>
            </p>
          )}
        </div>
        <Button variant="outline" disabled={isPending} onClick={() => void logout("/login")} className="self-start sm:self-auto">
          <LogOut aria-hidden="true" />
          {isPending ? text.loggingOut : text.logout}
        </Button>
      </div>
    </div>
  );
}
