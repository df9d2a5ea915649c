/** Crossings still to move to their owner's front door (see table-ownership.test.ts), each with its reason. */
export interface TableReferenceException {
  file: string;
  use: "reads" | "writes";
  table: string;
  why: string;
}

export const tableReferenceExceptions: readonly TableReferenceException[] = [
  {
    file: "server/modules/analytics/visits/visits.repo.ts",
    use: "reads",
    table: "places",
    why:
      "The visit detector's upsert drops visits of a geofence deleted meanwhile inside the position transaction's one " +
      "round trip (EXISTS), and the POI visits report joins stops to points of interest on places' " +
      "(org_id, min_lat, min_lon) index. Through places' front door they would cost a round trip per position batch " +
      "and load every point of interest per report; a places read model is the way out (docs/architecture.md).",
  },
];
