import type { Generated } from "kysely";
import type { Timestamp } from "./common";

/** The geocoder's cache of street addresses by rounded coordinate and its shared rate limit (0031_addresses.sql). */
export interface AddressTables {
  geocode_cache: GeocodeCacheTable;
  geocoder_slots: GeocoderSlotsTable;
}

export interface GeocodeCacheTable {
  lat_e4: number;
  lon_e4: number;
  status: Generated<"pending" | "found" | "none" | "failed">;
  address: string | null;
  attempts: Generated<number>;
  requested_at: Timestamp;
  resolved_at: Date | null;
}

export interface GeocoderSlotsTable {
  id: number;
  next_at: Timestamp;
}
