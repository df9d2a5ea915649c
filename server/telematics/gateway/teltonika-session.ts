import { ProtocolError, type DeviceCommand } from "../../shared/device-contract";
import {
  decodeTeltonikaFrame,
  encodeCodec12Command,
  parseImeiHandshake,
  teltonikaAck,
  teltonikaFrameLength,
  TELTONIKA_DEFAULT_MAX_FRAME,
  TELTONIKA_ENGINE_RESUME,
  TELTONIKA_ENGINE_STOP,
} from "../../protocols/teltonika";
import type { ProtocolSession, SessionContext } from "./session";

const ACCEPT = Buffer.from([0x01]);
const REJECT = Buffer.from([0x00]);

export class TeltonikaSession implements ProtocolSession {
  private stage: "handshake" | "data" = "handshake";
  closeRequested: string | undefined;

  constructor(private readonly ctx: SessionContext) {}

  frameLength(buffer: Buffer): number {
    return teltonikaFrameLength(buffer, this.stage, this.ctx.options.maxFrameBytes ?? TELTONIKA_DEFAULT_MAX_FRAME);
  }

  async handleFrame(frame: Buffer): Promise<void> {
    if (this.stage === "handshake") return this.handshake(frame);
    if (frame.length === 1) return; // 0xFF keep-alive

    const deviceId = this.ctx.deviceId!;
    const packet = decodeTeltonikaFrame(frame, deviceId);
    if (packet.kind === "records") {
      if (packet.positions.length > 0) await this.ctx.options.onPositions(deviceId, packet.positions);
      for (const attributes of packet.statuses) await this.ctx.options.onDeviceStatus?.(deviceId, { attributes });
      await this.ctx.send(teltonikaAck(packet.recordCount));
      return;
    }
    if (packet.kind === "codec12") {
      if (packet.type !== 0x06)
        throw new ProtocolError(`unexpected Codec 12 type 0x${packet.type.toString(16)} from device`);
      if (!this.ctx.commandResponse(packet.text)) {
        await this.ctx.options.onDeviceMessage?.(deviceId, { text: packet.text });
      }
      return;
    }
    await this.ctx.options.onDeviceMessage?.(deviceId, {
      text: packet.text,
      time: packet.time,
      attributes: packet.attributes,
    });
  }

  private async handshake(frame: Buffer): Promise<void> {
    const imei = parseImeiHandshake(frame);
    const { options, remoteAddress } = this.ctx;
    if (!(await options.isKnownDevice(imei))) {
      await this.ctx.send(REJECT);
      this.closeRequested = `unknown device ${imei}`;
      await options.onUnknownDevice(imei, options.protocol, remoteAddress, frame);
      return;
    }
    this.ctx.identify(imei);
    this.stage = "data";
    await this.ctx.send(ACCEPT);
  }

  encodeCommand(command: DeviceCommand): Buffer {
    if (command.type === "engineStop") return encodeCodec12Command(TELTONIKA_ENGINE_STOP);
    if (command.type === "engineResume") return encodeCodec12Command(TELTONIKA_ENGINE_RESUME);
    return encodeCodec12Command(command.text);
  }
}
