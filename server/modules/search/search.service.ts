import type { AppContext } from "../../context";
import { AppError } from "../../errors";
import type { Principal } from "../access/principal";
import { listHistory } from "../car-sharing/bookings.service";
import { listPlaces } from "../places/places.service";
import { listJobs } from "../route-planning/route-jobs.service";
import type { ListQuery } from "../shared/listing";
import { listOrders } from "../tms/orders.service";
import { listPeople } from "../users/users.service";
import { listVehicles } from "../vehicles/vehicles.service";
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

const joined = (...parts: Array<string | null | undefined>) => parts.filter(Boolean).join(" · ");
const encoded = (q: string) => encodeURIComponent(q);

/**
 * Each kind asks its own module's list, with the list's own search words, policy and scope (organisation, teams,
 * allowed vehicles), so the search box can never show more than the lists do.
 */
export const FINDERS: Record<SearchKind, { find: Finder; more: (q: string) => string }> = {
  vehicles: {
    find: async (ctx, p, q) => {
      const page = await listVehicles(ctx, p, q);
      return {
        total: page.total,
        hits: page.items.map((v) => ({
          id: v.id,
          title: v.registration,
          detail: joined(v.identifier_name, v.fleet_number, v.device_imei),
          href: `/configuration/vehicles/details/${v.id}`,
        })),
      };
    },
    more: (q) => `/configuration/vehicles/list?q=${encoded(q)}`,
  },
  drivers: {
    find: async (ctx, p, q) => {
      const page = await listPeople(ctx, p, "drivers", q);
      return {
        total: page.total,
        hits: page.items.map((u) => ({
          id: u.id,
          title: joined(u.first_name, u.last_name),
          detail: joined(u.phone, u.vehicle_registrations),
          href: `/configuration/drivers/edit/${u.id}`,
        })),
      };
    },
    more: (q) => `/configuration/drivers/list?q=${encoded(q)}`,
  },
  users: {
    find: async (ctx, p, q) => {
      const page = await listPeople(ctx, p, "users", q);
      return {
        total: page.total,
        hits: page.items.map((u) => ({
          id: u.id,
          title: joined(u.first_name, u.last_name),
          detail: joined(u.email, u.role_name),
          href: `/configuration/users/update/${u.id}`,
        })),
      };
    },
    more: (q) => `/configuration/users/list?q=${encoded(q)}`,
  },
  pois: {
    find: async (ctx, p, q) => {
      const page = await listPlaces(ctx, p, "poi", q);
      return {
        total: page.total,
        hits: page.items.map((pl) => ({
          id: pl.id,
          title: pl.name,
          detail: joined(pl.category, pl.city),
          href: `/places/edit-poi/${pl.id}`,
        })),
      };
    },
    more: (q) => `/places/points?q=${encoded(q)}`,
  },
  geofences: {
    find: async (ctx, p, q) => {
      const page = await listPlaces(ctx, p, "geofence", q);
      return {
        total: page.total,
        hits: page.items.map((pl) => ({
          id: pl.id,
          title: pl.name,
          detail: joined(pl.category, pl.city),
          href: `/places/edit-geofence/${pl.id}`,
        })),
      };
    },
    more: (q) => `/places/geofences?q=${encoded(q)}`,
  },
  orders: {
    find: async (ctx, p, q) => {
      const page = await listOrders(ctx, p, q);
      return {
        total: page.total,
        hits: page.items.map((o) => ({
          id: o.id,
          title: o.order_id,
          detail: joined(o.customer_name, o.delivery_date_at),
          href: `/tms/orders/${o.id}`,
        })),
      };
    },
    more: (q) => `/tms/orders?q=${encoded(q)}`,
  },
  jobs: {
    find: async (ctx, p, q) => {
      const page = await listJobs(ctx, p, q);
      return {
        total: page.total,
        hits: page.items.map((j) => ({
          id: j.id,
          title: j.name,
          detail: joined(j.scheduled_date, j.address),
          href: `/route-planning/scheduled-routes/assign-routes/edit/${j.id}`,
        })),
      };
    },
    more: (q) => `/route-planning/scheduled-routes/assign-routes?q=${encoded(q)}`,
  },
  bookings: {
    find: async (ctx, p, q) => {
      const page = await listHistory(ctx, p, "all", q);
      return {
        total: page.total,
        hits: page.items.map((b) => ({
          id: b.id,
          title: b.registration,
          detail: joined(b.destination, b.starts_at.toISOString().slice(0, 16).replace("T", " ")),
          href: `/car-sharing/bookings/${b.id}`,
        })),
      };
    },
    more: (q) => `/car-sharing/history?q=${encoded(q)}`,
  },
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
