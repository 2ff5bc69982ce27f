import { useId } from "react";
import { FieldError, Label } from "@/client/components/ui/label";
import { Select } from "@/client/components/ui/select";
import { toast } from "@/client/components/ui/toast-store";
import { errorMessage } from "@/client/lib/api-error";
import { cn } from "@/client/lib/cn";
import type { StaffBooking } from "@/common/schemas/admin-bookings";
import { useAssignTechnician } from "../api/assign-technician";
import { useTechnicians } from "../api/get-technicians";
import { adminBookingsText } from "../text";

const text = adminBookingsText.technician;

/**
 * Gives the visit to a technician, moves it to another or leaves it unassigned, from the booking's
 * own page (issue 23; before, only the planning grid could). A native select: the keyboard and the
 * phone's picker work as everywhere. A refusal (the technician is busy then) shows under it.
 */
export function TechnicianSelect({ booking, className }: { booking: StaffBooking; className?: string }) {
  const id = useId();
  const errorId = `${id}-error`;
  const technicians = useTechnicians();
  const assign = useAssignTechnician();
  const current = booking.technician?.id ?? null;
  const shown = assign.isPending ? assign.variables.technicianId : current;
  const failure = assign.isError ? errorMessage(assign.error, text.failed) : undefined;
  // The booking's technician stays a choice even if they are no longer in the list.
  const options = [...(technicians.data ?? [])];
  if (booking.technician && !options.some((t) => t.id === booking.technician!.id))
    options.push({ id: booking.technician.id, name: booking.technician.name, username: "" });

  const change = (value: string) => {
    const technicianId = value ? Number(value) : null;
    if (technicianId === current) return assign.reset();
    assign.mutate(
      { id: booking.id, technicianId },
      {
        onSuccess: (updated) => toast({ title: text.updated, description: updated.technicianName ? text.assignedTo(updated.technicianName) : text.unassigned }),
      },
    );
  };

  return (
    <div className={cn("grid gap-1.5", className)}>
      <Label htmlFor={id}>{text.label}</Label>
      <Select
        id={id}
        value={shown ?? ""}
        // Not disabled while saving: a disabled control would drop the keyboard focus.
        aria-busy={assign.isPending || undefined}
        aria-invalid={failure ? true : undefined}
        aria-describedby={failure ? errorId : undefined}
        onChange={(event) => change(event.target.value)}
        className="w-auto min-w-44"
      >
        <option value="">{text.none}</option>
        {options.map((technician) => (
          <option key={technician.id} value={technician.id}>
            {technician.name}
          </option>
        ))}
      </Select>
      <div role="alert" className="max-w-xs">
        <FieldError id={errorId}>{failure}</FieldError>
      </div>
    </div>
  );
}
