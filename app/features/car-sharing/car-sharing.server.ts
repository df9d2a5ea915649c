import { data, redirect } from "react-router";
import { AppError } from "../../../server/errors";
import { toErrorBody } from "../../../server/error-body";
import {
  bookingsService as bookings,
  carSharingSettings as settings,
  listPeopleOptions,
  heldUntil,
  HISTORY_TABS,
  type BookingFields,
  type HistoryTab,
  bookingsCsv,
} from "../../../server/modules/car-sharing";
import { orgTimeZone } from "../../../server/modules/organization";
import { formatInstant, isDate, parseDateTime } from "../../../server/shared/dates";
import { formAction, intent } from "../../lib/forms.server";
import { can } from "../../lib/permissions";
import {
  conflictNotice,
  idParam,
  listQueryFrom,
  load,
  readForm,
  requirePermission,
  type LoadContext,
} from "../../lib/route-kit.server";

/** The web glue of car sharing: loaders and actions call the same services as /api/car-sharing. */

export async function calendarLoader(context: LoadContext, request: Request) {
  const p = requirePermission(context, request, "carSharing:read");
  const week = new URL(request.url).searchParams.get("week");
  const cal = await load(() => bookings.calendarWeek(context.app, p, week && isDate(week) ? week : null));
  const reminders = await bookings.myReminders(context.app, p);
  // a free cell proposes 08:00, or today the next full hour; past days propose nothing
  const nowLocal = formatInstant(new Date(), cal.timeZone);
  const inAnHour = formatInstant(new Date(Date.now() + 3_600_000), cal.timeZone);
  return {
    ...cal,
    today: nowLocal.slice(0, 10),
    nextHour: inAnHour.slice(0, 10) === nowLocal.slice(0, 10) ? `${inAnHour.slice(11, 13)}:00` : null,
    reminders: reminders.map((r) => ({
      id: r.id,
      registration: r.registration,
      start: formatInstant(r.starts_at, cal.timeZone),
    })),
    from: cal.from.toISOString(),
    bookings: cal.bookings.map((b) => ({
      id: b.id,
      vehicle_id: b.vehicle_id,
      user_name: b.user_name,
      status: b.status,
      start: formatInstant(b.starts_at, cal.timeZone),
      end: formatInstant(heldUntil(b), cal.timeZone),
    })),
    canBook: can(p, "carSharing:write"),
  };
}

/**
 * The day view: vehicles as rows, the day's 24 local hours as columns; a free hour proposes a booking starting then
 * (today only the hours still ahead, past days nothing).
 */
export async function calendarDayLoader(context: LoadContext, request: Request) {
  const p = requirePermission(context, request, "carSharing:read");
  const date = new URL(request.url).searchParams.get("date");
  const cal = await load(() => bookings.calendarDay(context.app, p, date && isDate(date) ? date : null));
  const now = formatInstant(new Date(), cal.timeZone);
  const hours = Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, "0")}:00`);
  const slotStart = (i: number) => `${cal.day} ${hours[i]}`;
  const slotEnd = (i: number) => (i === 23 ? `${cal.next} 00:00` : slotStart(i + 1));
  const list = cal.bookings
    .filter((b) => b.status !== "cancelled")
    .map((b) => ({
      id: b.id,
      vehicle_id: b.vehicle_id,
      user_name: b.user_name,
      status: b.status,
      start: formatInstant(b.starts_at, cal.timeZone),
      end: formatInstant(heldUntil(b), cal.timeZone),
    }));
  const canBook = can(p, "carSharing:write");
  return {
    timeZone: cal.timeZone,
    day: cal.day,
    previous: cal.previous,
    next: cal.next,
    week: cal.week,
    today: now.slice(0, 10),
    hours,
    canBook,
    allowed: cal.allowed,
    rows: cal.vehicles.map((v) => ({
      id: v.id,
      registration: v.registration,
      cells: hours.map((hour, i) => {
        const here = list.filter((b) => b.vehicle_id === v.id && b.start < slotEnd(i) && b.end > slotStart(i));
        // a booking is named in the first hour of the day it covers; the hours after show it as taken
        const first = here.filter((b) => b.start >= slotStart(i) || i === 0);
        // hours outside the viewer's allowed booking hours are shaded and offer no booking
        const open = cal.openHours[i];
        const proposal = !here.length && open && canBook && slotStart(i) > now ? slotStart(i) : null;
        return { hour, busy: here.length > 0, open, bookings: first, proposal };
      }),
    })),
  };
}

export async function bookingFormLoader(context: LoadContext, request: Request) {
  const p = requirePermission(context, request, "carSharing:write");
  const params = new URL(request.url).searchParams;
  const [vehicles, purposes, destinations, people, timeZone] = await Promise.all([
    load(() => bookings.bookableVehicles(context.app, p)),
    settings.listEntries(context.app, p, "purpose"),
    settings.listEntries(context.app, p, "destination"),
    listPeopleOptions(context.app, p),
    orgTimeZone(context.app, p.orgId),
  ]);
  const start = parseDateTime(params.get("start")) ? params.get("start")! : "";
  return {
    vehicles,
    purposes,
    destinations,
    people,
    timeZone,
    isOperator: can(p, "carSharing:admin"),
    me: p.userId,
    initial: { vehicle_id: params.get("vehicle") ?? "", start, end: "" },
  };
}

const fieldsOf = (form: FormData): BookingFields => ({
  user_id: form.get("user_id") ?? undefined,
  vehicle_id: form.get("vehicle_id"),
  type: form.get("type"),
  passengers: form.getAll("passengers").filter((v) => v !== ""),
  destination: form.get("destination"),
  purpose: form.get("purpose"),
  other_reason: form.get("other_reason"),
  start: form.get("start"),
  end: form.get("end"),
  notify_users: form.get("notify_users"),
});

/** A refused booking: every violation next to its field (with its parameters), the values kept. */
function bookingRefused(err: unknown, form: FormData) {
  if (!(err instanceof AppError)) throw err;
  const body = toErrorBody(err);
  const values = Object.fromEntries([...form.entries()].filter(([k, v]) => k !== "_csrf" && typeof v === "string"));
  return data(
    {
      ok: false as const,
      code: body.error,
      status: body.status,
      violations: (err.details?.violations as bookings.Violation[] | undefined) ?? [
        { code: body.error, field: String(err.details?.field ?? "") },
      ],
      values: { ...values, passengers: form.getAll("passengers").map(String) },
      ...conflictNotice(body),
    },
    { status: body.status },
  );
}

export async function bookingFormAction(context: LoadContext, request: Request) {
  const p = requirePermission(context, request, "carSharing:write");
  const form = await readForm(request, context);
  try {
    const created = await bookings.createBooking(context.app, p, fieldsOf(form));
    return redirect(`/car-sharing/bookings/${created.id}?created=1`);
  } catch (err) {
    return bookingRefused(err, form);
  }
}

/** The edit form: the booking's stored values, the same options as a new booking; a booking no longer editable goes back to its details. */
export async function bookingEditLoader(context: LoadContext, request: Request, rawId: string | undefined) {
  const p = requirePermission(context, request, "carSharing:write");
  const id = idParam(rawId);
  const b = await load(() => bookings.bookingDetails(context.app, p, id));
  if (!b.canEdit) throw redirect(`/car-sharing/bookings/${id}?editFailed=1`);
  const form = await bookingFormLoader(context, request);
  const timeZone = form.timeZone;
  return {
    ...form,
    me: b.user_id, // the booking's user: not offered as a passenger
    booking: { id: b.id, registration: b.registration, user_name: b.user_name },
    initial: {
      vehicle_id: b.vehicle_id,
      start: formatInstant(b.starts_at, timeZone),
      end: formatInstant(b.ends_at, timeZone),
    },
    stored: {
      type: b.type,
      destination: b.destination,
      purpose: b.purpose_id ?? "other",
      other_reason: b.other_reason ?? "",
      notify_users: b.notify_users ? "on" : "",
      passengers: b.passengers.map((x) => x.user_id),
    } as Record<string, unknown>,
  };
}

export async function bookingEditAction(context: LoadContext, request: Request, rawId: string | undefined) {
  const p = requirePermission(context, request, "carSharing:write");
  const id = idParam(rawId);
  const form = await readForm(request, context);
  try {
    await bookings.updateBooking(context.app, p, id, { ...fieldsOf(form), user_id: undefined });
    return redirect(`/car-sharing/bookings/${id}?updated=1`);
  } catch (err) {
    return bookingRefused(err, form);
  }
}

export async function bookingLoader(context: LoadContext, request: Request, rawId: string | undefined) {
  const p = requirePermission(context, request, "carSharing:read");
  const b = await load(() => bookings.bookingDetails(context.app, p, idParam(rawId)));
  const timeZone = await orgTimeZone(context.app, p.orgId);
  const params = new URL(request.url).searchParams;
  return {
    booking: {
      id: b.id,
      registration: b.registration,
      user_name: b.user_name,
      type: b.type,
      destination: b.destination,
      purpose: b.purpose_label,
      other_reason: b.other_reason,
      start: formatInstant(b.starts_at, timeZone),
      end: formatInstant(b.ends_at, timeZone),
      notify_users: b.notify_users,
      status: b.displayStatus,
      passengers: b.passengers.map((x) => x.name),
      cancelled_at: formatInstant(b.cancelled_at, timeZone),
      no_show: b.no_show,
      returned_at: heldUntil(b) < b.ends_at ? formatInstant(heldUntil(b), timeZone) : null,
      distance_km: b.distance_km === null ? b.usage.distanceKm : Number(b.distance_km),
      trips: b.usage.trips,
      position: b.usage.position && {
        lat: b.usage.position.lat,
        lon: b.usage.position.lon,
        at: formatInstant(b.usage.position.at, timeZone),
      },
    },
    canCancel: b.canCancel,
    confirmCancel: params.get("cancel") === "1",
    created: params.get("created") === "1",
    cancelled: params.get("cancelled") === "1",
    canEdit: b.canEdit,
    updated: params.get("updated") === "1",
    editFailed: params.get("editFailed") === "1",
  };
}

export async function bookingAction(context: LoadContext, request: Request, rawId: string | undefined) {
  const p = requirePermission(context, request, "carSharing:write");
  const id = idParam(rawId);
  return formAction(
    { request, context },
    {
      cancel: intent({
        run: async () => {
          await bookings.cancelBooking(context.app, p, id);
          return redirect(`/car-sharing/bookings/${id}?cancelled=1`);
        },
      }),
    },
  );
}

const tabOf = (request: Request): HistoryTab => {
  const tab = new URL(request.url).searchParams.get("tab");
  return (HISTORY_TABS as readonly string[]).includes(tab ?? "") ? (tab as HistoryTab) : "all";
};

export async function historyLoader(context: LoadContext, request: Request) {
  const p = requirePermission(context, request, "carSharing:read");
  const tab = tabOf(request);
  const page = await load(() => bookings.listHistory(context.app, p, tab, listQueryFrom(request)));
  const timeZone = await orgTimeZone(context.app, p.orgId);
  return {
    tab,
    total: page.total,
    page: page.page,
    pages: page.pages,
    items: page.items.map((b) => ({
      id: b.id,
      registration: b.vehicle.registration,
      user_name: b.user.name,
      destination: b.destination,
      purpose: b.purpose?.label ?? b.other_reason,
      start: formatInstant(b.start, timeZone),
      end: formatInstant(b.end, timeZone),
      status: b.status,
      role: b.my_role,
    })),
  };
}

export async function historyCsvLoader(context: LoadContext, request: Request) {
  const p = requirePermission(context, request, "carSharing:read");
  const q = { ...listQueryFrom(request), page: 1, size: 200 };
  const body = await load(() => bookingsCsv(context.app, p, tabOf(request), q));
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="bookings.csv"',
      "Cache-Control": "private, no-store",
    },
  });
}
