import { Form } from "react-router";
import { useAdminT } from "~/app/components/admin/use-admin-t";
import { Button } from "~/app/components/ui/button";
import { NativeSelect } from "~/app/components/ui/input";
import { formatDate } from "~/domain/format";

type OpenSlot = { id: string; startsAt: Date | string; location: string };

/**
 * Staff's controls for one booked interview on the day's schedule: move it to another time of the
 * same job or program that has room, or cancel it (the applicant is told either way, and their
 * calendar invite follows). Plain forms: they work before JavaScript loads.
 */
export function BookingControls({
  applicationId,
  version,
  name,
  slotId,
  open,
}: {
  applicationId: string;
  /** The application's version the schedule shows: a change on an older one is refused. */
  version: number;
  name: string;
  slotId: string;
  open: readonly OpenSlot[];
}) {
  const { t, lang } = useAdminT();
  const others = open.filter((slot) => slot.id !== slotId);
  const selectId = `move-${applicationId}`;
  return (
    <div className="flex flex-wrap items-center gap-2">
      {others.length > 0 ? (
        <Form method="post" preventScrollReset className="flex flex-wrap items-center gap-2">
          <input type="hidden" name="intent" value="moveBooking" />
          <input type="hidden" name="applicationId" value={applicationId} />
          <input type="hidden" name="version" value={version} />
          <label htmlFor={selectId} className="text-sm text-slate-700">
            {t("interviews.moveTo", { name })}
          </label>
          <NativeSelect id={selectId} name="slotId" compact className="w-auto">
            {others.map((slot) => (
              <option key={slot.id} value={slot.id}>
                {formatDate(slot.startsAt, lang, "dateTime")} · {slot.location}
              </option>
            ))}
          </NativeSelect>
          <Button type="submit" size="sm" variant="outline">
            {t("interviews.move")}
          </Button>
        </Form>
      ) : null}
      <Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value="cancelBooking" />
        <input type="hidden" name="applicationId" value={applicationId} />
        <input type="hidden" name="version" value={version} />
        <Button
          type="submit"
          size="sm"
          variant="ghostDanger"
          aria-label={t("interviews.cancelLabel", { name })}
        >
          {t("interviews.cancel")}
        </Button>
      </Form>
    </div>
  );
}
