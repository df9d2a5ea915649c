import { ProtocolError, type DeviceCommand } from "../../shared/device-contract";
import { decodeH02Frame, encodeH02Command, h02FrameLength, H02_MAX_TEXT_FRAME } from "../../protocols/h02";
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

  /** The device closed its side: a last report without its closing "#" still counts. */
  finalFrameLength(buffer: Buffer): number {
    return h02FrameLength(buffer, this.ctx.options.maxFrameBytes ?? H02_MAX_TEXT_FRAME, true);
  }

  async handleFrame(frame: Buffer): Promise<void> {
    if (frame.length === 1) return; // line break between reports
    const message = decodeH02Frame(frame);
    const { options } = this.ctx;
    // Some firmware leaves the id out once connected ("*HQ,,V1,..."): the connection's id applies.
    if (message.deviceId === "" && this.ctx.deviceId !== undefined) {
      message.deviceId = this.ctx.deviceId;
      if (message.kind === "position") message.position.deviceId = this.ctx.deviceId;
    }
    if (message.deviceId === "") throw new ProtocolError("H02 frame without a device id before any with one");
    if (this.ctx.deviceId === undefined) {
      if (!(await options.isKnownDevice(message.deviceId))) {
        this.closeRequested = `unknown device ${message.deviceId}`;
        await options.onUnknownDevice(message.deviceId, options.protocol, this.ctx.remoteAddress, frame);
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
        if (message.position) {
          message.position.deviceId = message.deviceId;
          await options.onPositions(message.deviceId, [message.position]);
        }
        await options.onDeviceStatus?.(message.deviceId, { attributes: { result: message.text.slice(0, 500) } });
        this.ctx.commandResponse(message.text);
        return;
      case "ignored":
        this.ctx.log.debug({ reason: message.reason }, "H02 frame ignored");
        await options.onFrameRefused?.(message.deviceId, options.protocol, frame, message.reason);
        return;
    }
  }

  encodeCommand(command: DeviceCommand): Buffer {
    return encodeH02Command(this.ctx.deviceId!, command);
  }
}
