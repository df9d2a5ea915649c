/** The devices module's front door: what other modules and the server's adapters may use. */
export { DeviceRegistry, recordUnknownDevice, sharedDeviceRegistry } from "./device-registry";
export { recordDeviceStatus, recordRefusedFrame } from "./device-status";
export { devicesPolicy } from "./devices.policy";
export {
  attachDeviceSchema,
  attachUnknownDevice,
  listDeviceFaults,
  listFailingDevices,
  listUnknownDevices,
} from "./devices.service";
