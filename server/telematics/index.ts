export * from "../shared/device-contract";
export * from "../shared/protocols";
export { PROTOCOL_SESSIONS, type SessionClass } from "./protocol-sessions";
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
export { type Gt06Status } from "../protocols/gt06";
