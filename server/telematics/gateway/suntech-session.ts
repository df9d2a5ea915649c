import { ProtocolError, type DeviceCommand } from "../../shared/device-contract";
import {
  decodeSuntechFrame,
  encodeSuntechCommand,
  suntechFrameLength,
  SUNTECH_MAX_FRAME,
} from "../../protocols/suntech";
import type { ProtocolSession, SessionContext } from "./session";

/**
 * Suntech has no login and, over TCP, no server acknowledgement: the device id comes with every report and the
 * first one decides whether the connection is accepted. The report prefix ("ST300", "SA200", or none for the
 * universal protocol) is remembered so that commands go out in the device's own dialect.
 */
export class SuntechSession implements ProtocolSession {
  closeRequested: string | undefined;
  private dialect = "";

  constructor(private readonly ctx: SessionContext) {}

  frameLength(buffer: Buffer): number {
    return suntechFrameLength(buffer, this.ctx.options.maxFrameBytes ?? SUNTECH_MAX_FRAME);
  }

  async handleFrame(frame: Buffer): Promise<void> {
    if (frame.length === 1) return; // line break between reports
    const message = decodeSuntechFrame(frame);
    const { options } = this.ctx;
    if (this.ctx.deviceId === undefined) {
      if (!(await options.isKnownDevice(message.deviceId))) {
        this.closeRequested = `unknown device ${message.deviceId}`;
        await options.onUnknownDevice(message.deviceId, options.protocol, this.ctx.remoteAddress);
        return;
      }
      this.ctx.identify(message.deviceId);
    } else if (message.deviceId !== this.ctx.deviceId) {
      throw new ProtocolError(`device id changed from ${this.ctx.deviceId} to ${message.deviceId}`);
    }
    if (message.kind !== "commandResponse") this.dialect = message.dialect;
    switch (message.kind) {
      case "position":
        await options.onPositions(message.deviceId, [message.position]);
        return;
      case "heartbeat":
        await options.onDeviceStatus?.(message.deviceId, { attributes: { keepAlive: true } });
        return;
      case "commandResponse":
        if (!this.ctx.commandResponse(message.text)) {
          await options.onDeviceMessage?.(message.deviceId, { text: message.text });
        }
        return;
      case "ignored":
        this.ctx.log.debug({ reason: message.reason }, "Suntech report ignored");
        return;
    }
  }

  encodeCommand(command: DeviceCommand): Buffer {
    return encodeSuntechCommand(this.ctx.deviceId!, this.dialect, command);
  }
}
