import { ProtocolError, type DeviceCommand } from "../../shared/device-contract";
import { decodeH02Frame, encodeH02Command, h02FrameLength, H02_MAX_TEXT_FRAME } from "../protocols/h02";
import type { ProtocolSession, SessionContext } from "./session";

/**
 * H02 has no login and no server acknowledgement: the device id comes with every report, and the
 * first one decides whether the connection is accepted. A failed commit still closes the connection.
 */
export class H02Session implements ProtocolSession {
  closeRequested: string | undefined;

  constructor(private readonly ctx: SessionContext) {}

  frameLength(buffer: Buffer): number {
    return h02FrameLength(buffer, this.ctx.options.maxFrameBytes ?? H02_MAX_TEXT_FRAME);
  }

  async handleFrame(frame: Buffer): Promise<void> {
    if (frame.length === 1) return; // line break between reports
    const message = decodeH02Frame(frame);
    const { options } = this.ctx;
    if (this.ctx.deviceId === undefined) {
      if (!(await options.isKnownDevice(message.deviceId))) {
        this.closeRequested = `unknown device ${message.deviceId}`;
        await options.onUnknownDevice(message.deviceId, "h02", this.ctx.remoteAddress);
        return;
      }
      this.ctx.identify(message.deviceId);
    } else if (message.deviceId !== this.ctx.deviceId) {
      throw new ProtocolError(`device id changed from ${this.ctx.deviceId} to ${message.deviceId}`);
    }
    switch (message.kind) {
      case "position":
        await options.onPositions(message.deviceId, [message.position]);
        return;
      case "heartbeat":
        await options.onDeviceStatus?.(message.deviceId, { attributes: message.attributes });
        return;
      case "commandResponse":
        this.ctx.commandResponse(message.text);
        return;
      case "ignored":
        this.ctx.log.debug({ reason: message.reason }, "H02 frame ignored");
        return;
    }
  }

  encodeCommand(command: DeviceCommand): Buffer {
    return encodeH02Command(this.ctx.deviceId!, command);
  }
}
