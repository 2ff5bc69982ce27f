import { Send } from "lucide-react";
import { Link } from "@/client/components/ui/link";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Spinner } from "@/client/components/ui/spinner";
import { toast } from "@/client/components/ui/toast-store";
import { errorMessage } from "@/client/lib/api-error";
import { reminderResponseLabels, type Reminder, type ReminderResponseType } from "@/common/schemas/service-reminders";
import { LoadFailed } from "../../components/load-failed";
import { ScrollTable } from "../../components/scroll-table";
import { formatListDate } from "@/common/format";
import { serviceRemindersPageText } from "../text";
import { useReminders, useSendReminders } from "../api/service-reminders";

const text = serviceRemindersPageText.manage;

function StatusCell({ reminder }: { reminder: Reminder }) {
  if (reminder.sent && reminder.sentAt) return <Badge tone="success">{text.sentOn(formatListDate(reminder.sentAt.slice(0, 10)))}</Badge>;
  return <Badge tone="info">{text.waiting(formatListDate(reminder.dueDate))}</Badge>;
}

function ResponseCell({ reminder }: { reminder: Reminder }) {
  if (reminder.responses.length === 0) return <span className="text-slate-600">{text.noResponse}</span>;
  return (
    <ul className="grid gap-1">
      {reminder.responses.map((response) => (
        <li key={`${response.type}-${response.date}`}>
          {reminderResponseLabels[response.type as ReminderResponseType] ?? response.type}
          {response.bookingId !== null && (
            <>
              {" – "}
              <Link to={`/admin/bookings/${response.bookingId}`} className="text-brand-800 underline">
                {text.booking(response.bookingId)}
              </Link>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

/** Reminder management (rules §2): send what is due, and every reminder's state and answers. */
export function ManagePanel() {
  const list = useReminders();
  const send = useSendReminders();
  const submit = () =>
    send.mutate(undefined, {
      onSuccess: ({ sentCount }) => toast({ title: text.sent, description: text.sentDescription(sentCount) }),
      onError: (error) => toast({ variant: "destructive", title: text.sendFailed, description: errorMessage(error, text.sendFailed) }),
    });

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-700">{text.intro}</p>
        <div className="grid justify-items-end gap-1">
          <Button onClick={submit} disabled={send.isPending} aria-describedby="send-reminders-hint">
            <Send aria-hidden="true" />
            {send.isPending ? text.sending : text.send}
          </Button>
          <p id="send-reminders-hint" className="text-xs text-slate-600">
            {text.sendHint}
          </p>
        </div>
      </div>
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <LoadFailed message={text.loadFailed} retryLabel={serviceRemindersPageText.retry} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <p className="text-slate-700">{text.empty}</p>
      ) : (
        <ScrollTable
          label={text.tableLabel}
          minWidth="min-w-[44rem]"
          columns={[text.customer, text.product, text.status, text.discount, text.response].map((header) => ({ key: header, header }))}
        >
          {list.data.map((reminder) => (
            <tr key={reminder.id} className="border-t border-slate-200 align-top">
              <td className="px-3 py-2">
                <div className="font-medium text-slate-900">{reminder.customer.name}</div>
                <div className="text-slate-600">{reminder.customer.email}</div>
                {reminder.customer.unsubscribed && (
                  <Badge tone="warning" className="mt-1">
                    {text.unsubscribed}
                  </Badge>
                )}
              </td>
              <td className="px-3 py-2">{reminder.product?.model ?? "–"}</td>
              <td className="px-3 py-2">
                <StatusCell reminder={reminder} />
              </td>
              <td className="px-3 py-2">{reminder.discountValidUntil ? formatListDate(reminder.discountValidUntil) : "–"}</td>
              <td className="px-3 py-2">
                <ResponseCell reminder={reminder} />
              </td>
            </tr>
          ))}
        </ScrollTable>
      )}
    </div>
  );
}
