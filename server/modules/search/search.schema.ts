import { z } from "zod";

/** What one search box looks for, in the order the results are shown. */
export const SEARCH_KINDS = [
  "vehicles",
  "drivers",
  "users",
  "pois",
  "geofences",
  "orders",
  "jobs",
  "bookings",
] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export const SEARCH_MIN_LENGTH = 2;
/** The longest search words, as every list's `q` (server/modules/shared/listing.ts): longer ones are refused. */
export const SEARCH_MAX_LENGTH = 100;
/** Hits per kind in the header's list; the results page shows the same and links to each kind's full list. */
export const SEARCH_PER_KIND = 5;

export const searchQuerySchema = z.object({
  q: z.string({ error: "errors.invalid" }).trim().max(SEARCH_MAX_LENGTH, "errors.tooLong").default(""),
});

export interface SearchHit {
  id: string;
  /** the name a user knows it by (registration, full name, order id, place name) */
  title: string;
  /** a second line that tells two similar hits apart; empty when there is none */
  detail: string;
  /** the page that opens it */
  href: string;
}

export interface SearchGroup {
  kind: SearchKind;
  /** every match in the user's scope, of which `hits` are the first few */
  total: number;
  hits: SearchHit[];
  /** the kind's own list, filtered by the same words */
  moreHref: string;
}

export interface SearchResult {
  q: string;
  groups: SearchGroup[];
}
