import type { AppContext } from "../../context";
import { AppError } from "../../errors";
import type { Principal } from "../access/principal";
import { formatInstant } from "../../shared/dates";
import { listHistory } from "../car-sharing";
import { orgTimeZone } from "../organization";
import { listPlaces } from "../places";
import { listJobs } from "../route-planning";
import type { ListQuery } from "../shared/listing";
import { listOrders } from "../tms";
import { listPeople } from "../users";
import { listVehicles } from "../vehicles";
import {
  SEARCH_KINDS,
  SEARCH_MIN_LENGTH,
  SEARCH_PER_KIND,
  type SearchGroup,
  type SearchHit,
  type SearchKind,
  type SearchResult,
} from "./search.schema";

type Finder = (ctx: AppContext, p: Principal, q: ListQuery) => Promise<{ total: number; hits: SearchHit[] }>;
type Kind = { find: Finder; more: (q: string) => string };

const joined = (...parts: Array<string | null | undefined>) => parts.filter(Boolean).join(" · ");

/** A kind of the search: its module's list (with the list's own policy and scope), one hit per row, the list's page. */
function kind<T>(
  list: (ctx: AppContext, p: Principal, q: ListQuery) => Promise<{ total: number; items: T[] }>,
  hit: (row: T) => SearchHit,
  listPath: string,
): Kind {
  return {
    find: async (ctx, p, q) => {
      const page = await list(ctx, p, q);
      return { total: page.total, hits: page.items.map(hit) };
    },
    more: (q) => `${listPath}?q=${encodeURIComponent(q)}`,
  };
}

/** The booking history with each booking's start in the organisation's time zone (its hits say when). */
async function bookingsWithLocalStart(ctx: AppContext, p: Principal, q: ListQuery) {
  const [page, zone] = await Promise.all([listHistory(ctx, p, "all", q), orgTimeZone(ctx, p.orgId)]);
  return { total: page.total, items: page.items.map((b) => ({ ...b, localStart: formatInstant(b.start, zone) })) };
}

/**
 * Each kind asks its own module's list, with the list's own search words, policy and scope (organisation, teams,
 * allowed vehicles), so the search box can never show more than the lists do.
 */
export const FINDERS: Record<SearchKind, Kind> = {
  vehicles: kind(
    listVehicles,
    (v) => ({
      id: v.id,
      title: v.registration,
      detail: joined(v.identifier_name, v.fleet_number, v.device_imei),
      href: `/configuration/vehicles/details/${v.id}`,
    }),
    "/configuration/vehicles/list",
  ),
  drivers: kind(
    (ctx, p, q) => listPeople(ctx, p, "drivers", q),
    (u) => ({
      id: u.id,
      title: joined(u.first_name, u.last_name),
      detail: joined(u.phone, u.vehicle_registrations),
      href: `/configuration/drivers/edit/${u.id}`,
    }),
    "/configuration/drivers/list",
  ),
  users: kind(
    (ctx, p, q) => listPeople(ctx, p, "users", q),
    (u) => ({
      id: u.id,
      title: joined(u.first_name, u.last_name),
      detail: joined(u.email, u.role_name),
      href: `/configuration/users/update/${u.id}`,
    }),
    "/configuration/users/list",
  ),
  pois: kind(
    (ctx, p, q) => listPlaces(ctx, p, "poi", q),
    (pl) => ({ id: pl.id, title: pl.name, detail: joined(pl.category, pl.city), href: `/places/edit-poi/${pl.id}` }),
    "/places/points",
  ),
  geofences: kind(
    (ctx, p, q) => listPlaces(ctx, p, "geofence", q),
    (pl) => ({
      id: pl.id,
      title: pl.name,
      detail: joined(pl.category, pl.city),
      href: `/places/edit-geofence/${pl.id}`,
    }),
    "/places/geofences",
  ),
  orders: kind(
    (ctx, p, q) => listOrders(ctx, p, q),
    (o) => ({
      id: o.id,
      title: o.orderId,
      detail: joined(o.customerName, o.deliveryDateAt),
      href: `/tms/orders/${o.id}`,
    }),
    "/tms/orders",
  ),
  jobs: kind(
    (ctx, p, q) => listJobs(ctx, p, q),
    (j) => ({
      id: j.id,
      title: j.name,
      detail: joined(j.scheduled_date, j.address),
      href: `/route-planning/scheduled-routes/assign-routes/edit/${j.id}`,
    }),
    "/route-planning/scheduled-routes/assign-routes/list",
  ),
  bookings: kind(
    bookingsWithLocalStart,
    (b) => ({
      id: b.id,
      title: b.vehicle.registration,
      detail: joined(b.destination, b.localStart),
      href: `/car-sharing/bookings/${b.id}`,
    }),
    "/car-sharing/history",
  ),
};

/**
 * One search over everything the user may open, grouped by kind. A kind the user's role may not read is left out,
 * as it is from the navigation; kinds without a match are left out too.
 */
export async function searchEverything(ctx: AppContext, p: Principal, words: string): Promise<SearchResult> {
  const q = words.trim();
  if (q.length < SEARCH_MIN_LENGTH) return { q, groups: [] };
  const listQuery: ListQuery = { q, page: 1, size: SEARCH_PER_KIND, dir: "asc" };
  const groups = await Promise.all(
    SEARCH_KINDS.map(async (kind): Promise<SearchGroup | null> => {
      try {
        const { total, hits } = await FINDERS[kind].find(ctx, p, listQuery);
        return total ? { kind, total, hits, moreHref: FINDERS[kind].more(q) } : null;
      } catch (err) {
        if (err instanceof AppError && err.code === "FORBIDDEN") return null;
        throw err;
      }
    }),
  );
  return { q, groups: groups.filter((g): g is SearchGroup => g !== null) };
}
