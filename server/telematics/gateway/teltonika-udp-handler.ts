import { decodeTeltonikaUdp, teltonikaUdpAck } from "../../protocols/teltonika-udp";
import type { DeviceCallbacks, TcpGatewayOptions } from "./session";
import type { DatagramHandler } from "./udp-gateway";

type Callbacks = DeviceCallbacks & Pick<TcpGatewayOptions, "onDeviceStatus">;

/** Each datagram names its device: unknown ones are reported and get no answer (the device retries). */
export function teltonikaUdpHandler(callbacks: Callbacks): DatagramHandler {
  return async (datagram, remoteAddress) => {
    const { packetId, avlPacketId, imei, packet } = decodeTeltonikaUdp(datagram);
    if (!(await callbacks.isKnownDevice(imei))) {
      await callbacks.onUnknownDevice(imei, "teltonika", remoteAddress, datagram);
      return null;
    }
    if (packet.positions.length > 0) await callbacks.onPositions(imei, packet.positions);
    for (const attributes of packet.statuses) await callbacks.onDeviceStatus?.(imei, { attributes });
    return teltonikaUdpAck(packetId, avlPacketId, packet.recordCount);
  };
}
