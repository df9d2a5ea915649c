import { ProtocolError, type DeviceCommand } from "../../shared/device-contract";
import {
  decodeWialonPacket,
  encodeWialonCommand,
  wialonAnswer,
  wialonFrameLength,
  WIALON_MAX_FRAME,
  type WialonVersion,
} from "../../protocols/wialon";
import type { ProtocolSession, SessionContext } from "./session";

/**
 * Wialon IPS: `#L#` first (answered `#AL#1`, `#AL#0` for an unknown device, `#AL#10` for a bad CRC), then
 * data packets answered with their result code once stored. A packet with a bad field or CRC is answered
 * with the protocol's error code (the device resends it) and the connection stays open.
 */
export class WialonSession implements ProtocolSession {
  closeRequested: string | undefined;
  private version: WialonVersion = "1.1";

  constructor(private readonly ctx: SessionContext) {}

  frameLength(buffer: Buffer): number {
    return wialonFrameLength(buffer, this.ctx.options.maxFrameBytes ?? WIALON_MAX_FRAME);
  }

  async handleFrame(frame: Buffer): Promise<void> {
    if (frame.length === 1) return; // line break between packets
    const { options } = this.ctx;
    const deviceId = this.ctx.deviceId;
    const message = decodeWialonPacket(frame.toString("latin1"), deviceId ?? "", this.version);
    if (message.kind === "login") {
      if (deviceId !== undefined) throw new ProtocolError("second Wialon IPS login on one connection");
      if (!message.crcOk) {
        this.closeRequested = "login checksum mismatch";
        await this.ctx.send(wialonAnswer("#AL#10"));
        return;
      }
      if (!(await options.isKnownDevice(message.deviceId))) {
        this.closeRequested = `unknown device ${message.deviceId}`;
        await this.ctx.send(wialonAnswer("#AL#0")).catch(() => {});
        await options.onUnknownDevice(message.deviceId, options.protocol, this.ctx.remoteAddress);
        return;
      }
      this.version = message.version;
      this.ctx.identify(message.deviceId);
      await this.ctx.send(wialonAnswer("#AL#1"));
      return;
    }
    if (deviceId === undefined) throw new ProtocolError("Wialon IPS packet before login");
    switch (message.kind) {
      case "ping":
        await this.ctx.send(wialonAnswer("#AP#"));
        return;
      case "data":
        if (message.error) {
          this.ctx.log.warn({ type: message.type, error: message.error }, "Wialon IPS packet refused");
        } else {
          if (message.positions.length > 0) await options.onPositions(deviceId, message.positions);
          for (const attributes of message.statuses) await options.onDeviceStatus?.(deviceId, { attributes });
        }
        await this.ctx.send(wialonAnswer(message.answer));
        return;
      case "driverMessage":
        await options.onDeviceMessage?.(deviceId, { text: message.text });
        await this.ctx.send(wialonAnswer(message.answer));
        return;
      case "commandAnswer":
        if (!this.ctx.commandResponse(message.text)) this.ctx.log.info({ text: message.text }, "unsolicited #AM#");
        return;
      case "unsupported":
        this.ctx.log.debug({ type: message.type }, "Wialon IPS packet type not supported");
        return;
    }
  }

  encodeCommand(command: DeviceCommand): Buffer {
    return encodeWialonCommand(command, this.version);
  }
}
