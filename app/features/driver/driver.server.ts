import { data } from "react-router";
import { AppError } from "../../../server/errors";
import type { Principal } from "../../../server/modules/access/principal";
import {
  attendanceService,
  fieldService as field,
  routeRules,
  type toJobDto,
} from "../../../server/modules/route-planning";
import { myOrderStops } from "../../../server/modules/tms";
import { formatInstantTime } from "../../../server/shared/dates";
import { detectPlatform } from "../../lib/platform";
import { requireUser, type LoadContext } from "../../lib/route-kit.server";
import { can } from "../../lib/permissions";
import { nameCoordinates } from "../../lib/addresses.server";
import { resolveLanguage } from "../../i18n/i18n.server";

/**
 * Every /driver page and action starts here (docs/driver-app.md, "Web-only accounts"): the driver's app is the phone
 * app, so a user limited to the web app is refused on it with WEB_ONLY_ACCOUNT, as on the phone's API endpoints.
 */
export function requireDriverApp(context: LoadContext, request: Request): Principal {
  const p = requireUser(context, request);
  if (p.webOnly) throw data({ error: "WEB_ONLY_ACCOUNT" }, { status: 403 });
  return p;
}

export function driverLayoutLoader(context: LoadContext, request: Request) {
  const p = requireDriverApp(context, request);
  return {
    name: `${p.firstName} ${p.lastName}`.trim(),
    canCars: can(p, "carSharing:read"),
    platform: detectPlatform(request.headers.get("User-Agent")),
  };
}

const minutesToTime = (m: number | null) =>
  m === null ? null : `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;

function positionOf(url: URL) {
  const lat = Number(url.searchParams.get("latitude"));
  const lon = Number(url.searchParams.get("longitude"));
  const given = url.searchParams.has("latitude") && url.searchParams.has("longitude");
  return given && Number.isFinite(lat) && Number.isFinite(lon) ? { latitude: lat, longitude: lon } : null;
}

/** The driver's day: jobs in route order with ETAs, the working day, delivery stops, and nearby jobs when asked. */
export async function driverHomeLoader(context: LoadContext, request: Request) {
  const p = requireDriverApp(context, request);
  const ctx = context.app;
  const url = new URL(request.url);
  const [mine, rules, day, orders] = await Promise.all([
    field.myJobsToday(ctx, p),
    routeRules(ctx, p.orgId),
    attendanceService.myWorkingDay(ctx, p),
    myOrderStops(ctx, p),
  ]);
  const tz = rules.timezone;
  const at = (d: Date | string | null) => (d ? formatInstantTime(new Date(d), tz) : null);
  const position = positionOf(url);
  let nearby: { jobs: Array<ReturnType<typeof toJobDto>>; code: string | null } | null = null;
  if (position && rules.self_assign_jobs) {
    try {
      nearby = { jobs: await field.nearbyJobs(ctx, p, position), code: null };
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      nearby = { jobs: [], code: err.code };
    }
  }
  // a job or nearby job imported with coordinates only is shown at its address all the same
  const unnamed = [...mine.jobs, ...(nearby?.jobs ?? [])];
  const named = await nameCoordinates(
    context,
    p.orgId,
    resolveLanguage(request, p.language),
    unnamed.map((j) => (j.address ? null : { lat: j.latitude, lon: j.longitude })),
  );
  const addressOf = (j: { address: string | null }, i: number) => j.address ?? named[i];
  if (nearby) nearby.jobs = nearby.jobs.map((j, i) => ({ ...j, address: addressOf(j, mine.jobs.length + i) }));
  return {
    day: mine.day,
    jobs: mine.jobs.map((j, i) => ({
      ...j,
      address: addressOf(j, i),
      arrived: at(j.arrived_at),
      departed: at(j.departed_at),
    })),
    workingDay: day.active
      ? {
          active: true as const,
          threshold: day.threshold,
          beforeThreshold: day.beforeThreshold,
          started: at(day.startedAt),
          ended: at(day.endedAt),
          late: day.late,
        }
      : { active: false as const },
    rules: {
      checkinRadius: rules.checkin_radius_m,
      selfAssign: rules.self_assign_jobs,
      selfAssignRadius: rules.self_assign_radius_m,
    },
    orders: orders.map((o) => ({
      id: o.id,
      orderId: o.order_id,
      customer: o.customer_name,
      address: o.address,
      latitude: o.latitude,
      longitude: o.longitude,
      packets: o.packets,
      notes: o.notes,
      window: o.window_start !== null ? `${minutesToTime(o.window_start)}–${minutesToTime(o.window_end)}` : null,
      status: o.status,
      sequence: o.sequence,
      eta: at(o.eta),
      registration: o.registration,
    })),
    nearby,
    position,
  };
}

export type DriverHomeData = Awaited<ReturnType<typeof driverHomeLoader>>;
export type DriverJob = DriverHomeData["jobs"][number];
export type DriverOrder = DriverHomeData["orders"][number];
