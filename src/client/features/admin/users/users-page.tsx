import { ShieldCheck, Trash2, Users, Wrench } from "lucide-react";
import { useState } from "react";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Spinner } from "@/client/components/ui/spinner";
import { useCurrentUser } from "@/client/lib/auth";
import { ROLE_LABELS } from "@/common/constants";
import type { StaffUser } from "@/common/schemas/users";
import { AdminPage } from "../components/admin-page";
import { LoadFailed } from "../components/load-failed";
import { formatListDateTime } from "@/common/format";
import { useDocumentTitle } from "@/client/lib/use-document-title";
import { useUsers } from "./api/users";
import { CreateUserDialog } from "./components/create-user-dialog";
import { DeleteUserDialog } from "./components/delete-user-dialog";
import { usersPageText as text } from "./text";
import { FigureCard } from "../components/figure-card";

function UserTable({ users, selfId, onDelete }: { users: StaffUser[]; selfId: number | undefined; onDelete: (user: StaffUser) => void }) {
  return (
    <div className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{text.table.caption}</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">
              {text.table.name}
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              {text.table.username}
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              {text.table.role}
            </th>
            <th scope="col" className="px-4 py-3 font-semibold max-sm:hidden">
              {text.table.created}
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              <span className="sr-only">{text.table.actions}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <tr key={user.id} className="border-t border-slate-200">
              <th scope="row" className="px-4 py-3 font-medium text-slate-900">
                {user.name} {user.id === selfId && <span className="font-normal text-slate-600">{text.table.you}</span>}
              </th>
              <td className="px-4 py-3 break-all">{user.username}</td>
              <td className="px-4 py-3">
                <Badge tone={user.role === "admin" ? "info" : "neutral"}>{ROLE_LABELS[user.role]}</Badge>
              </td>
              <td className="px-4 py-3 whitespace-nowrap max-sm:hidden">{formatListDateTime(user.createdAt)}</td>
              <td className="px-4 py-2 text-right">
                {user.id !== selfId && (
                  <Button variant="outline" size="sm" aria-label={text.table.delete(user.name)} onClick={() => onDelete(user)}>
                    <Trash2 className="size-4" aria-hidden="true" />
                    <span className="max-sm:sr-only">{text.table.deleteLabel}</span>
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** /admin/users (rules §2 User management; admin only): count cards, the user table, create and delete dialogs. */
export default function UsersPage() {
  useDocumentTitle(text.title);
  const users = useUsers();
  const { data: self } = useCurrentUser();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<StaffUser | null>(null);
  const list = users.data ?? [];

  return (
    <AdminPage
      back={{ to: "/admin?tab=settings", label: text.back }}
      title={text.title}
      intro={text.intro}
      create={{ label: text.create, onClick: () => setCreating(true) }}
      width="max-w-4xl"
    >
      {users.isPending ? (
        <Spinner />
      ) : users.isError ? (
        <LoadFailed message={text.loadFailed} retryLabel={text.retry} onRetry={() => void users.refetch()} />
      ) : (
        <>
          <section aria-label={text.counts.label} className="grid grid-cols-3 gap-3 max-sm:grid-cols-1">
            <FigureCard icon={Users} label={text.counts.total} value={list.length} />
            <FigureCard icon={ShieldCheck} label={text.counts.admins} value={list.filter((u) => u.role === "admin").length} />
            <FigureCard icon={Wrench} label={text.counts.technicians} value={list.filter((u) => u.role === "technician").length} />
          </section>
          {list.length === 0 ? <p className="text-slate-600">{text.empty}</p> : <UserTable users={list} selfId={self?.id} onDelete={setDeleting} />}
        </>
      )}
      <CreateUserDialog open={creating} onOpenChange={setCreating} />
      <DeleteUserDialog user={deleting} onClose={() => setDeleting(null)} />
    </AdminPage>
  );
}
