/** The vehicles module's front door: what other modules and the server's adapters may use. */
export { toVehicleDetailsDto, toVehicleDto, toVehicleListItemDto } from "./vehicles.mapper";
export { vehiclesRepo } from "./vehicles.repo";
export { vehicleFilterSchema, vehicleInputSchema, DEVICE_PROTOCOLS, MAX_VEHICLE_IMAGES } from "./vehicles.schema";
export * as vehiclesService from "./vehicles.service";
export {
  createVehicle,
  driverOptions,
  getVehicle,
  listVehicles,
  updateVehicle,
  vehicleOptions,
  addVehicleImages,
  deleteVehicle,
  deleteVehicleImage,
  getVehicleImage,
} from "./vehicles.service";
export type { UploadedImage } from "./vehicles.service";
