import { AlertCircle, CalendarClock } from "lucide-react";
import { useEffect, useId, useMemo, useState, type FormEvent } from "react";
import { Button } from "@/client/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/client/components/ui/dialog";
import { TextField } from "@/client/components/ui/text-field";
import { toast } from "@/client/components/ui/toast-store";
import { ApiError } from "@/client/lib/api-error";
import { isIsoDate, isSlotInFuture, rescheduleSlots, staffTimeText, todayIn, timeSlotText } from "@/common/booking-rules";
import type { ServiceType } from "@/common/constants";
import { adminBookingText } from "@/common/schemas/admin-bookings";
import { formatListDate } from "@/common/format";
import { useRescheduleBooking } from "../api/reschedule-booking";
import { useRescheduleSlots } from "../api/get-slots";
import { adminBookingsText } from "../text";
import { slotChoice, SlotRadioGroup, type PickerSlot } from "./slot-radio-group";

const text = adminBookingsText.reschedule;

type Problem = { title: string; description: string };

/**
 * rules §5 Reschedule: a new date and one of the offered times; both required ('Fyll i alla fält'),
 * the start in the future ('Ogiltig tid'), both checked here before anything is sent. The server
 * checks again and refuses a taken or blocked time (409) with its Swedish message, shown inline.
 * A home visit keeps its 30-minute slots (the server offers the type's admin slots too).
 * Issue 23 point 7: the times of the chosen date come with their states from the server, so a
 * taken one shows who has it (and links to that booking) instead of failing after submit.
 */
export function RescheduleDialog({ booking }: { booking: { id: number; serviceType: ServiceType; date: string; timeSlot: string; endTime?: string } }) {
  const idPrefix = useId().replace(/:/g, "");
  const [open, setOpen] = useState(false);
  const [date, setDate] = useState("");
  const [timeSlot, setTimeSlot] = useState("");
  const [problem, setProblem] = useState<Problem | null>(null);
  const reschedule = useRescheduleBooking();
  const today = useMemo(() => todayIn(new Date()), []);

  const states = useRescheduleSlots(booking.id, date, open);
  const statesLoading = states.fetchStatus === "fetching" && !states.data;
  const slots: readonly PickerSlot[] = useMemo(() => {
    // Without the server's states (it failed) the rules' times are offered; the server decides on submit.
    if (states.isError) return rescheduleSlots(booking.serviceType, date);
    return states.data?.date === date ? states.data.slots : [];
  }, [states.isError, states.data, booking.serviceType, date]);
  const choice = slotChoice(slots, states.isError);
  const slotsNotice = choice.notice;
  // Joined, so the effect below runs when the choosable times change, not on every render.
  const selectableLabels = choice.selectableLabels.join(",");

  // A chosen time that someone has taken since (read again after a refusal) is cleared.
  useEffect(() => {
    if (timeSlot && slots.length > 0 && !selectableLabels.split(",").includes(timeSlot)) setTimeSlot("");
  }, [selectableLabels, slots.length, timeSlot]);

  const reset = () => {
    setDate("");
    setTimeSlot("");
    setProblem(null);
    reschedule.reset();
  };

  const fail = (next: Problem) => {
    setProblem(next);
    toast({ variant: "destructive", title: next.title, description: next.description });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isIsoDate(date) || !timeSlot || !slots.some((s) => s.label === timeSlot)) {
      fail({ title: adminBookingText.rescheduleFieldsTitle, description: adminBookingText.rescheduleFields });
      return;
    }
    if (!isSlotInFuture(date, timeSlot, new Date())) {
      fail({ title: adminBookingText.pastTimeTitle, description: adminBookingText.pastTime });
      return;
    }
    setProblem(null);
    reschedule.mutate(
      { id: booking.id, date, timeSlot },
      {
        onSuccess: () => {
          toast({ title: text.successTitle, description: text.successDescription(`${formatListDate(date)} ${timeSlotText(timeSlot)}`) });
          setOpen(false);
          reset();
        },
        onError: (error) => {
          const message = error instanceof ApiError && error.serverMessage ? error.serverMessage : text.failureDescription;
          fail({ title: text.failureTitle, description: message });
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="secondary">
          <CalendarClock aria-hidden="true" />
          {adminBookingsText.detail.reschedule}
        </Button>
      </DialogTrigger>
      <DialogContent aria-describedby={`${idPrefix}-description`}>
        <DialogHeader>
          <DialogTitle>{text.title}</DialogTitle>
          <DialogDescription id={`${idPrefix}-description`}>{text.description}</DialogDescription>
        </DialogHeader>
        <p className="text-sm text-slate-800">
          {text.current}:{" "}
          <span className="font-semibold">
            {formatListDate(booking.date)} {staffTimeText(booking)}
          </span>
        </p>
        <form noValidate onSubmit={submit} className="grid gap-4">
          <TextField
            id={`${idPrefix}-date`}
            label={text.date}
            type="date"
            min={today}
            value={date}
            onChange={(event) => {
              setDate(event.target.value);
              setProblem(null);
            }}
          />
          <SlotRadioGroup
            id={`${idPrefix}-time`}
            name={`${idPrefix}-time`}
            legend={text.time}
            slots={slots}
            value={timeSlot}
            onChange={(label) => {
              setTimeSlot(label);
              setProblem(null);
            }}
            emptyText={statesLoading ? adminBookingsText.slots.loading : adminBookingsText.reschedule.datePlaceholder}
            maxPerDay={states.data?.maxPerDay}
            notice={slotsNotice}
          />
          {problem && (
            <div role="alert" className="flex gap-3 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800">
              <AlertCircle className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
              <p>
                <span className="font-semibold">{problem.title}: </span>
                {problem.description}
              </p>
            </div>
          )}
          <DialogFooter>
            <Button
              variant="outline"
              onClick={() => {
                setOpen(false);
                reset();
              }}
            >
              {text.cancel}
            </Button>
            <Button type="submit" disabled={reschedule.isPending}>
              {reschedule.isPending ? text.submitting : text.submit}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
