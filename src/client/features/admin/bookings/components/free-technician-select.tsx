import { Label } from "@/client/components/ui/label";
import { Select } from "@/client/components/ui/select";
import type { AdminSlot } from "@/common/schemas/admin-bookings";
import { adminBookingsText } from "../text";

const text = adminBookingsText.create;

type FreeTechnicianSelectProps = {
  id: string;
  /** The chosen time's free technicians, in the order a new visit is given out (rules D25). */
  technicians: AdminSlot["freeTechnicians"];
  /** A technician's id, or "" for the one whose turn it is when the booking is saved. */
  value: string;
  onChange: (value: string) => void;
};

/**
 * Who gets the new visit (rules D25): the one whose turn it is, or another technician free for the
 * whole visit. The first free one is marked as next in turn, so choosing nobody is not a guess.
 */
export function FreeTechnicianSelect({ id, technicians, value, onChange }: FreeTechnicianSelectProps) {
  const hintId = `${id}-hint`;
  return (
    <div className="grid gap-1.5 sm:max-w-sm">
      <Label htmlFor={id}>{text.technician}</Label>
      <Select id={id} value={value} aria-describedby={hintId} onChange={(event) => onChange(event.target.value)}>
        <option value="">{text.technicianAutomatic}</option>
        {technicians.map((technician, index) => (
          <option key={technician.id} value={String(technician.id)}>
            {index === 0 ? text.technicianNext(technician.name) : technician.name}
          </option>
        ))}
      </Select>
      <p id={hintId} className="text-sm text-slate-700">
        {text.technicianHint}
      </p>
    </div>
  );
}
