export * from "../shared/device-contract";
export { startTcpGateway, type TcpGateway } from "./gateway/tcp-gateway";
export { startUdpGateway, type DatagramHandler, type UdpGateway } from "./gateway/udp-gateway";
export type { TcpGatewayOptions, DeviceCallbacks, TcpProtocol } from "./gateway/session";
export {
  createOsmAndHandler,
  startOsmAndServer,
  type OsmAndHandlerOptions,
  type OsmAndServer,
  type OsmAndServerOptions,
} from "./gateway/osmand-http";
export { TELTONIKA_DEFAULT_PORT } from "../protocols/teltonika";
export { GT06_DEFAULT_PORT, type Gt06Status } from "../protocols/gt06";
export { H02_DEFAULT_PORT } from "../protocols/h02";
export { OSMAND_DEFAULT_PORT } from "../protocols/osmand";
export { RUPTELA_DEFAULT_PORT } from "../protocols/ruptela";
export { MEITRACK_DEFAULT_PORT } from "../protocols/meitrack";
export { SUNTECH_DEFAULT_PORT } from "../protocols/suntech";
export { GALILEOSKY_DEFAULT_PORT } from "../protocols/galileosky";
export { QUECLINK_DEFAULT_PORT } from "../protocols/queclink";
export { JT808_DEFAULT_PORT } from "../protocols/jt808";
export { WIALON_DEFAULT_PORT } from "../protocols/wialon";
export { COBAN_DEFAULT_PORT } from "../protocols/coban";
