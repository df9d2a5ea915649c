export { RawDeviceClient } from "./raw-device-client";
export { TeltonikaClient } from "./teltonika-client";
export {
  encodeCodec12Response,
  encodeTeltonikaAvl,
  simPositionFrom,
  type SimIoValue,
  type SimPosition,
} from "./teltonika-encoder";
export {
  encodeGt06Alarm,
  encodeGt06CommandResponse,
  encodeGt06Heartbeat,
  encodeGt06Location,
  encodeGt06Login,
  type Gt06SimPosition,
} from "./gt06-encoder";
export { sendOsmAnd, type OsmAndFormat, type OsmAndSimPosition } from "./osmand-client";
export {
  encodeJt808Batch,
  encodeJt808LocationBody,
  encodeJt808Register,
  encodeJt808TerminalFrame,
  Jt808Client,
  jt808TerminalHeader,
  type Jt808SimPosition,
} from "./jt808-client";
export {
  encodeQueclinkHeartbeat,
  encodeQueclinkReport,
  QueclinkClient,
  type QueclinkSimPosition,
} from "./queclink-client";
