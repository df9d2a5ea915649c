/** The vehicles module's front door: what other modules and the server's adapters may use. */
export { toVehicleDetailsDto, toVehicleDto, toVehicleListItemDto } from "./vehicles.mapper";
export { vehiclesRepo } from "./vehicles.repo";
export { vehicleFilterSchema, vehicleInputSchema } from "./vehicles.schema";
export * as vehiclesService from "./vehicles.service";
export {
  createVehicle,
  driverOptions,
  getVehicle,
  listVehicles,
  updateVehicle,
  vehicleOptions,
} from "./vehicles.service";
