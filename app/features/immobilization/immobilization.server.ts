import { data } from "react-router";
import { AppError } from "../../../server/errors";
import {
  listImmobilizationHistory,
  requestImmobilization,
  immobilizationHistorySchema,
  immobilizationRequestSchema,
} from "../../../server/modules/immobilization";
import { getVehicleLive } from "../../../server/modules/positions";
import { vehicleOptions } from "../../../server/modules/vehicles";
import { orgTimeZone } from "../../lib/map/time.server";
import { load, readForm, refusal, requirePermission, type LoadContext } from "../../lib/route-kit.server";
import type { ImmobilizationResult } from "../live-map/components/ImmobilizeControls";

/** The confirmation step without JavaScript: the vehicle and the action asked for (404 for anything else). */
export async function commandLoader(context: LoadContext, request: Request) {
  const p = requirePermission(context, request, "immobilization:command");
  const url = new URL(request.url);
  const parsed = immobilizationRequestSchema.safeParse({
    vehicleId: url.searchParams.get("vehicle") ?? "",
    action: url.searchParams.get("action"),
  });
  if (!parsed.success) throw data({ error: "NOT_FOUND" }, { status: 404 });
  const vehicle = await load(() => getVehicleLive(context.app, p, parsed.data.vehicleId));
  return { vehicleId: vehicle.vehicleId, registration: vehicle.registration, action: parsed.data.action };
}

/** Sends the block or unblock command; a refusal answers with its code. */
export async function commandAction(context: LoadContext, request: Request) {
  const p = requirePermission(context, request, "immobilization:command");
  const form = await readForm(request, context);
  const parsed = immobilizationRequestSchema.safeParse({ vehicleId: form.get("vehicle"), action: form.get("action") });
  if (!parsed.success) return data<ImmobilizationResult>({ ok: false, code: "VALIDATION" }, { status: 400 });
  try {
    const r = await requestImmobilization(context.app, p, parsed.data);
    return data<ImmobilizationResult>({ ok: true, status: r.status, action: r.action, reason: r.error });
  } catch (err) {
    if (err instanceof AppError)
      return refusal<ImmobilizationResult>({ ok: false, code: err.code, action: parsed.data.action }, err);
    throw err;
  }
}

/** The commands sent (one vehicle's with ?vehicle=), a page at a time. */
export async function historyLoader(context: LoadContext, request: Request) {
  const p = requirePermission(context, request, "immobilization:read");
  const url = new URL(request.url);
  const q = immobilizationHistorySchema.parse(Object.fromEntries(url.searchParams));
  const vehicleId = url.searchParams.get("vehicle") || undefined;
  const [page, vehicles, timeZone] = await Promise.all([
    load(() => listImmobilizationHistory(context.app, p, { vehicleId, page: q.page, size: q.size })),
    vehicleOptions(context.app, p),
    orgTimeZone(context.app, p),
  ]);
  return {
    page: {
      ...page,
      items: page.items.map((r) => ({ ...r, createdAt: r.createdAt ?? "" })),
    },
    vehicles: vehicles.map((v) => ({ id: v.id, registration: v.registration })),
    timeZone,
  };
}
