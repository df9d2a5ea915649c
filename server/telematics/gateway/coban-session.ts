import { ProtocolError, type DeviceCommand } from "../../shared/device-contract";
import {
  cobanAnswer,
  cobanFrameLength,
  decodeCobanMessage,
  encodeCobanCommand,
  COBAN_MAX_FRAME,
} from "../../protocols/coban";
import type { ProtocolSession, SessionContext } from "./session";

/**
 * GPS103 identifies itself in every message; the first one (normally the `##` login) decides whether the
 * connection is accepted. Like H02 the reports have no acknowledgement: a failed commit closes the
 * connection. Free-text lines are the device's replies to commands.
 */
export class CobanSession implements ProtocolSession {
  closeRequested: string | undefined;

  constructor(private readonly ctx: SessionContext) {}

  frameLength(buffer: Buffer): number {
    return cobanFrameLength(buffer, this.ctx.options.maxFrameBytes ?? COBAN_MAX_FRAME);
  }

  async handleFrame(frame: Buffer): Promise<void> {
    if (frame.length === 1) return; // separator between messages
    const message = decodeCobanMessage(frame.toString("latin1"));
    const { options } = this.ctx;
    if (message.kind === "text") {
      if (this.ctx.deviceId === undefined) throw new ProtocolError("GPS103 text before the device identified itself");
      if (!this.ctx.commandResponse(message.text)) this.ctx.log.info({ text: message.text }, "unsolicited GPS103 text");
      return;
    }
    const { deviceId } = message;
    if (this.ctx.deviceId === undefined) {
      if (!(await options.isKnownDevice(deviceId))) {
        this.closeRequested = `unknown device ${deviceId}`;
        await options.onUnknownDevice(deviceId, options.protocol, this.ctx.remoteAddress);
        return;
      }
      this.ctx.identify(deviceId);
    } else if (deviceId !== this.ctx.deviceId) {
      throw new ProtocolError(`device id changed from ${this.ctx.deviceId} to ${deviceId}`);
    }
    switch (message.kind) {
      case "login":
        await this.ctx.send(cobanAnswer("LOAD"));
        return;
      case "heartbeat":
        await this.ctx.send(cobanAnswer("ON"));
        return;
      case "position":
        await options.onPositions(deviceId, [message.position]);
        return;
      case "status":
        await options.onDeviceStatus?.(deviceId, {
          alarm: message.alarm,
          ignition: message.ignition,
          attributes: message.attributes,
        });
        return;
    }
  }

  encodeCommand(command: DeviceCommand): Buffer {
    return encodeCobanCommand(this.ctx.deviceId!, command);
  }
}
