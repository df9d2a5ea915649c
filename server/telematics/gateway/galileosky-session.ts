import { ProtocolError, type DeviceCommand } from "../../shared/device-contract";
import {
  decodeGalileoskyFrame,
  encodeGalileoskyCommand,
  galileoskyFrameLength,
  GALILEOSKY_DEFAULT_MAX_FRAME,
} from "../../protocols/galileosky";
import type { ProtocolSession, SessionContext } from "./session";

/**
 * Galileosky: the head packet (or the first packet carrying tag 0x03) identifies the device; every packet is
 * confirmed with 0x02 + its CRC only after its records and values are committed.
 */
export class GalileoskySession implements ProtocolSession {
  closeRequested: string | undefined;
  private deviceNumber = 0;
  private commandNumber = 0;

  constructor(private readonly ctx: SessionContext) {}

  frameLength(buffer: Buffer): number {
    return galileoskyFrameLength(buffer, this.ctx.options.maxFrameBytes ?? GALILEOSKY_DEFAULT_MAX_FRAME);
  }

  async handleFrame(frame: Buffer): Promise<void> {
    const packet = decodeGalileoskyFrame(frame, this.ctx.deviceId);
    const { options } = this.ctx;
    if (this.ctx.deviceId === undefined) {
      if (!packet.imei) throw new ProtocolError("Galileosky data before the IMEI");
      if (!(await options.isKnownDevice(packet.imei))) {
        this.closeRequested = `unknown device ${packet.imei}`;
        await options.onUnknownDevice(packet.imei, options.protocol, this.ctx.remoteAddress);
        return;
      }
      this.ctx.identify(packet.imei);
    } else if (packet.imei !== undefined && packet.imei !== this.ctx.deviceId) {
      throw new ProtocolError(`device id changed from ${this.ctx.deviceId} to ${packet.imei}`);
    }
    const deviceId = this.ctx.deviceId!;
    if (packet.deviceNumber !== undefined) this.deviceNumber = packet.deviceNumber;
    if (packet.positions.length > 0) await options.onPositions(deviceId, packet.positions);
    if (Object.keys(packet.status).length > 0) await options.onDeviceStatus?.(deviceId, { attributes: packet.status });
    await this.ctx.send(packet.confirmation);
    if (packet.reply !== undefined && !this.ctx.commandResponse(packet.reply)) {
      await options.onDeviceMessage?.(deviceId, { text: packet.reply });
    }
  }

  encodeCommand(command: DeviceCommand): Buffer {
    return encodeGalileoskyCommand(this.ctx.deviceId!, this.deviceNumber, ++this.commandNumber, command);
  }
}
