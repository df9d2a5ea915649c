import type { ColumnType, Generated } from "kysely";
import type { Timestamp } from "./common";

/** Points of interest, geofences and place imports. */
export interface PlaceTables {
  places: PlacesTable;
  place_imports: PlaceImportsTable;
}

export interface PlacesTable {
  id: Generated<string>;
  org_id: string;
  kind: "poi" | "geofence";
  shape: "point" | "circle" | "polygon";
  name: string;
  category: string;
  city: string | null;
  latitude: number;
  longitude: number;
  icon: Generated<string>;
  icon_color: Generated<string>;
  radius_m: number | null;
  polygon: ColumnType<Array<[number, number]> | null, string | null | undefined, string | null>;
  min_lat: number;
  max_lat: number;
  min_lon: number;
  max_lon: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PlaceImportsTable {
  id: Generated<string>;
  org_id: string;
  user_id: string;
  file_name: string;
  format: string;
  total_rows: number;
  valid_rows: ColumnType<unknown[], string, string>;
  errors: ColumnType<unknown[], string, string>;
  created_at: Timestamp;
}
