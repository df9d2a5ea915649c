/** The places module's front door: what other modules and the server's adapters may use. */
export { GeofenceIndex, type IndexedGeofence } from "./geofence-index";
export {
  type BoundingBox,
  circleBoundingBox,
  destination,
  distanceM,
  inBox,
  type LonLat,
  pointInCircle,
  pointInPolygon,
  polygonBoundingBox,
} from "../../shared/geometry";
export { commitImport, exportPlaces, getImportSummary, IMPORT_MAX_BYTES, uploadPlaces } from "./places.import";
export { placesLayers } from "./places.layers";
export { toPlaceDto } from "./places.mapper";
export { placeGeometryRepo, placeSql } from "./place-geometry.repo";
export { placesRepo } from "./places.repo";
export {
  geofenceInputSchema,
  MAX_POLYGON_VERTICES,
  placeFilterSchema,
  poiInputSchema,
  RADIUS_MAX_M,
  RADIUS_MIN_M,
} from "./places.schema";
export * as placesService from "./places.service";
export {
  allPlaces,
  existingPlaceIds,
  geofenceOptions,
  geofenceRecord,
  getGeofence,
  getPlace,
  listPlaces,
  poiRecord,
  placeOptions,
} from "./places.service";
