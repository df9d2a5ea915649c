import { ProtocolError, type DeviceCommand } from "../../shared/device-contract";
import {
  decodeRuptelaFrame,
  encodeRuptelaCommand,
  ruptelaAck,
  ruptelaFrameLength,
  RUPTELA_DEFAULT_MAX_FRAME,
  RUPTELA_HEARTBEAT,
  RUPTELA_IDENTIFICATION,
  RUPTELA_DTCS,
  RUPTELA_RECORDS,
} from "../../protocols/ruptela";
import type { ProtocolSession, SessionContext } from "./session";

/**
 * Ruptela has no login: every packet carries the IMEI and the first one decides whether the connection is
 * accepted. Records, identification, heartbeat and DTC packets are answered only after they are committed.
 */
export class RuptelaSession implements ProtocolSession {
  closeRequested: string | undefined;

  constructor(private readonly ctx: SessionContext) {}

  frameLength(buffer: Buffer): number {
    return ruptelaFrameLength(buffer, this.ctx.options.maxFrameBytes ?? RUPTELA_DEFAULT_MAX_FRAME);
  }

  async handleFrame(frame: Buffer): Promise<void> {
    const message = decodeRuptelaFrame(frame);
    const { options } = this.ctx;
    if (this.ctx.deviceId === undefined) {
      if (!(await options.isKnownDevice(message.imei))) {
        this.closeRequested = `unknown device ${message.imei}`;
        await options.onUnknownDevice(message.imei, options.protocol, this.ctx.remoteAddress);
        return;
      }
      this.ctx.identify(message.imei);
    } else if (message.imei !== this.ctx.deviceId) {
      throw new ProtocolError(`device id changed from ${this.ctx.deviceId} to ${message.imei}`);
    }
    const imei = message.imei;
    switch (message.kind) {
      case "records":
        if (message.positions.length > 0) await options.onPositions(imei, message.positions);
        await this.ctx.send(ruptelaAck(RUPTELA_RECORDS)!);
        return;
      case "identification":
        await options.onDeviceStatus?.(imei, { attributes: message.attributes });
        await this.ctx.send(ruptelaAck(RUPTELA_IDENTIFICATION)!);
        return;
      case "dtcs":
        await options.onDeviceStatus?.(imei, { attributes: message.attributes });
        await this.ctx.send(ruptelaAck(RUPTELA_DTCS)!);
        return;
      case "heartbeat":
        await this.ctx.send(ruptelaAck(RUPTELA_HEARTBEAT)!);
        return;
      case "commandResponse":
        if (!this.ctx.commandResponse(message.text)) {
          await options.onDeviceMessage?.(imei, { text: message.text });
        }
        return;
      case "ignored":
        this.ctx.log.debug({ command: message.command }, "Ruptela packet ignored");
        return;
    }
  }

  encodeCommand(command: DeviceCommand): Buffer {
    return encodeRuptelaCommand(command);
  }
}
