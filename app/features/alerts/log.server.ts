import type { z } from "zod";
import { AppError } from "../../../server/errors";
import type { Principal } from "../../../server/modules/access/principal";
import { formatAddress, resolveAddresses } from "../../../server/modules/addresses";
import {
  logFilterSchema,
  type LogFilter,
  listAlerts,
  listPolicies,
  policyFormOptions,
  markAlertsRead,
} from "../../../server/modules/alerts";
import { orgTimeZone } from "../../../server/modules/organization";
import { parseListQuery } from "../../../server/modules/shared/listing";
import { type LoadContext, requirePermission } from "../../lib/route-kit.server";
import { data } from "react-router";
import { formAction, intent } from "../../lib/forms.server";
import { resolveLanguage } from "../../i18n/i18n.server";
import { can } from "../../lib/permissions";
import { footageLinks } from "../video/video.server";

/**
 * A period the page explains: an end that is not a real YYYY-MM-DD day ("invalidFrom", "invalidTo"),
 * or one the service refused: "reversed" (ends before it starts) or "tooLong" (over a year).
 */
export type PeriodError = "reversed" | "tooLong" | "invalidFrom" | "invalidTo";

/**
 * Reads filters whose only failing fields can be the period's ends (every other field falls back quietly):
 * an unreadable end is left out of the filter and reported, so the page shows what was typed and why it is wrong.
 */
export function readPeriodFilter<T>(
  schema: z.ZodType<T>,
  raw: Record<string, string>,
): { filter: T; invalid: PeriodError | null } {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return { filter: parsed.data, invalid: null };
  const bad = new Set(parsed.error.issues.map((i) => String(i.path[0])));
  const rest = { ...raw };
  for (const key of bad) delete rest[key];
  return { filter: schema.parse(rest), invalid: bad.has("from") ? "invalidFrom" : "invalidTo" };
}

export function periodError(err: unknown): PeriodError | null {
  if (err instanceof AppError && err.code === "PERIOD_INVALID")
    return err.details?.field === "from" ? "tooLong" : "reversed";
  return null;
}

/** The log's filters as the form shows them (strings, "" when unset). */
export interface LogFilterValues {
  from: string;
  to: string;
  vehicle: string;
  type: string;
  policy: string;
  unread: boolean;
}

export function logFilterFrom(url: URL): { filter: LogFilter; values: LogFilterValues; invalid: PeriodError | null } {
  const raw = Object.fromEntries(url.searchParams);
  const { filter, invalid } = readPeriodFilter(logFilterSchema, raw);
  return {
    filter,
    invalid,
    values: {
      from: filter.from ?? raw.from ?? "",
      to: filter.to ?? raw.to ?? "",
      vehicle: filter.vehicle ?? "",
      type: filter.type ?? "",
      policy: filter.policy ?? "",
      unread: !!filter.unread,
    },
  };
}

/** The vehicles the user sees and the organisation's policies, for the filter selects. */
export async function logFilterOptions(context: LoadContext, p: Principal) {
  const [options, policies] = await Promise.all([
    policyFormOptions(context.app, p),
    listPolicies(context.app, p, { q: "", page: 1, size: 1000, dir: "asc", sort: "name" }),
  ]);
  return {
    vehicles: options.vehicles.map((v) => ({ id: v.id, registration: v.registration })),
    policies: policies.items.map((x) => ({ id: x.id, name: x.name })),
  };
}

/** The page's alerts named in one pass (addresses module: places, cached street addresses, gazetteer). */
async function addAddresses(context: LoadContext, p: Principal, items: LogItem[], lng: "al" | "en") {
  const located = items.filter((a) => a.lat !== null && a.lon !== null);
  const addresses = await resolveAddresses(
    context.app,
    p.orgId,
    located.map((a) => ({ lat: a.lat!, lon: a.lon! })),
  );
  located.forEach((a, i) => {
    a.address = formatAddress(addresses[i], lng);
  });
}

interface LogItem {
  id: string;
  policyId: string | null;
  policyName: string;
  alertType: string;
  vehicleId: string;
  registration: string;
  identifierName: string | null;
  driverName: string | null;
  placeName: string | null;
  /** where it happened, in the reader's language (the organisation's place, a street, or near a settlement) */
  address: string | null;
  occurredAt: string;
  lat: number | null;
  lon: number | null;
  speedKmh: number | null;
  details: Record<string, unknown>;
  read: boolean | null;
}

/** One page of the log, or the period error the page explains; dates as ISO strings. */
export async function loadLogPage(context: LoadContext, p: Principal, url: URL, lng: "al" | "en" = p.language) {
  const { filter, values, invalid } = logFilterFrom(url);
  const { page, size } = parseListQuery(url.searchParams);
  if (invalid)
    return {
      values,
      items: [] as LogItem[],
      total: 0,
      page: 1,
      pages: 1,
      size,
      timeZone: await orgTimeZone(context.app, p.orgId),
      error: invalid,
    };
  try {
    const result = await listAlerts(context.app, p, filter, { page, size });
    const items = result.items.map(
      (a): LogItem => ({
        id: a.id,
        policyId: a.policy_id,
        policyName: a.policy_name,
        alertType: a.alert_type as string,
        vehicleId: a.vehicle_id,
        registration: a.registration,
        identifierName: a.identifier_name,
        driverName: a.driver_name,
        placeName: a.place_name,
        address: null,
        occurredAt: a.occurred_at,
        lat: a.lat,
        lon: a.lon,
        speedKmh: a.speed_kmh,
        details: (a.details ?? {}) as Record<string, unknown>,
        read: a.read,
      }),
    );
    await addAddresses(context, p, items, lng);
    return {
      values,
      items,
      total: result.total,
      page: result.page,
      pages: result.pages,
      size: result.size,
      timeZone: result.timezone,
      error: null as PeriodError | null,
    };
  } catch (err) {
    const error = periodError(err);
    if (!error) throw err;
    return {
      values,
      items: [],
      total: 0,
      page: 1,
      pages: 1,
      size,
      timeZone: await orgTimeZone(context.app, p.orgId),
      error,
    };
  }
}
export type LogPage = Awaited<ReturnType<typeof loadLogPage>>;
export type LogRow = LogPage["items"][number];

export async function alertLogLoader(request: Request, context: LoadContext) {
  const p = requirePermission(context, request, "alerts:read");
  const url = new URL(request.url);
  const [page, options] = await Promise.all([
    loadLogPage(context, p, url, resolveLanguage(request, p.language)),
    logFilterOptions(context, p),
  ]);
  const footage = await footageLinks(
    context,
    p,
    page.items.map((a) => a.id),
  );
  const payload = { ...page, ...options, canReplay: can(p, "replay:read"), footage };
  return data(payload, { status: page.error ? 400 : 200 });
}

export async function alertLogAction(request: Request, context: LoadContext) {
  const p = requirePermission(context, request, "alerts:read");
  const markRead =
    (which: "all" | "page") =>
    async ({ form }: { form: FormData }) => {
      const ids = form.getAll("id").filter((v): v is string => typeof v === "string" && v !== "");
      return { ok: true as const, marked: await markAlertsRead(context.app, p, which === "all" ? "all" : ids) };
    };
  // "save" is the page's own button (read-page); a form naming no intent marks the ids it posts.
  return formAction(
    { request, context },
    { save: intent({ run: markRead("page") }), "read-all": intent({ run: markRead("all") }) },
  );
}
