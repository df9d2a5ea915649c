import { data, redirect } from "react-router";
import { AppError } from "../../../server/errors";
import { toErrorBody } from "../../../server/error-body";
import {
  bookingsService as bookings,
  listEntries,
  parseBookingTime,
  BOOKING_TYPES,
  OTHER_PURPOSE,
} from "../../../server/modules/car-sharing";
import { orgTimeZone } from "../../../server/modules/organization";
import { parseListQuery } from "../../../server/modules/shared/listing";
import { formatInstant } from "../../../server/shared/dates";
import { can } from "../../lib/permissions";
import { conflictNotice, readForm, type LoadContext } from "../../lib/route-kit.server";
import { requireDriverApp } from "./driver.server";

/** "YYYY-MM-DDTHH:mm" (a datetime-local input) or "YYYY-MM-DD HH:mm": the booking service's wall-clock form. */
const wallClock = (v: string | null) => (v ? v.replace("T", " ").slice(0, 16) : "");

/**
 * Car sharing on the phone (docs/driver-app.md): free pool vehicles for a slot, booking one, one's own upcoming
 * bookings and cancelling them. Every rule is the booking service's (the same as the web screens and the API).
 */
export async function carsLoader(context: LoadContext, request: Request) {
  const p = requireDriverApp(context, request);
  if (!can(p, "carSharing:read")) return { access: false as const };
  const ctx = context.app;
  const url = new URL(request.url);
  const zone = await orgTimeZone(ctx, p.orgId);
  const startText = wallClock(url.searchParams.get("start"));
  const endText = wallClock(url.searchParams.get("end"));
  const start = parseBookingTime(startText, zone);
  const end = parseBookingTime(endText, zone);
  const slotValid = Boolean(start && end && end > start);
  const [free, purposes, history] = await Promise.all([
    slotValid ? bookings.freeVehicles(ctx, p, start!, end!) : Promise.resolve(null),
    listEntries(ctx, p, "purpose"),
    bookings.historyRows(ctx, p, "in-progress", parseListQuery({ size: 50, sort: "start", dir: "asc" })),
  ]);
  const now = new Date();
  return {
    access: true as const,
    canBook: can(p, "carSharing:write"),
    slot: { start: startText.replace(" ", "T"), end: endText.replace(" ", "T"), asked: url.searchParams.has("start") },
    slotValid,
    free: free?.map((v) => ({ id: v.id, registration: v.registration, category: v.category })) ?? null,
    purposes: purposes.map((e) => ({ id: e.id, label: e.label })),
    types: [...BOOKING_TYPES],
    otherPurpose: OTHER_PURPOSE,
    mine: history.items
      .filter((b) => b.user_id === p.userId && b.ends_at > now)
      .map((b) => ({
        id: b.id,
        registration: b.registration,
        start: formatInstant(b.starts_at, zone),
        end: formatInstant(b.ends_at, zone),
        destination: b.destination,
        status: b.displayStatus,
      })),
    booked: url.searchParams.get("booked"),
    cancelled: url.searchParams.get("cancelled") === "1",
  };
}

/** Book (the slot's start and end with the chosen vehicle) or cancel one's own booking. */
export async function carsAction(context: LoadContext, request: Request) {
  const p = requireDriverApp(context, request);
  const form = await readForm(request, context);
  const intent = form.get("intent");
  try {
    if (intent === "cancel") {
      const id = String(form.get("booking_id") ?? "");
      if (!/^[0-9a-f-]{36}$/i.test(id)) throw new AppError("NOT_FOUND", "No such booking");
      await bookings.cancelBooking(context.app, p, id);
      return redirect("/driver/cars?cancelled=1");
    }
    const created = await bookings.createBooking(context.app, p, {
      vehicle_id: form.get("vehicle_id"),
      type: form.get("type"),
      destination: form.get("destination"),
      purpose: form.get("purpose"),
      other_reason: form.get("other_reason"),
      start: wallClock(form.get("start") as string | null),
      end: wallClock(form.get("end") as string | null),
    });
    return redirect(`/driver/cars?booked=${created.id}`);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    const body = toErrorBody(err);
    const violations = (err.details?.violations as bookings.Violation[] | undefined) ?? [
      { code: body.error, field: String(err.details?.field ?? "") },
    ];
    return data(
      {
        intent: String(intent ?? "book"),
        vehicleId: String(form.get("vehicle_id") ?? ""),
        violations: violations.map((v) => ({ code: v.code, field: v.field, params: v.params ?? {} })),
        ...conflictNotice(body),
      },
      { status: body.status },
    );
  }
}

export type CarsData = Awaited<ReturnType<typeof carsLoader>>;
