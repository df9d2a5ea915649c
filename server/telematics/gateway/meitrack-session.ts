import { ProtocolError, type DeviceCommand } from "../../shared/device-contract";
import {
  decodeMeitrackFrame,
  encodeMeitrackCommand,
  meitrackCccAck,
  meitrackFrameLength,
  MEITRACK_DEFAULT_MAX_FRAME,
} from "../../protocols/meitrack";
import type { ProtocolSession, SessionContext } from "./session";

/**
 * Meitrack has no login: the IMEI comes with every frame and the first one decides whether the connection is
 * accepted. AAA reports have no server answer; a CCC batch is answered with its record count after the commit,
 * and only then does the device delete those records from its cache.
 */
export class MeitrackSession implements ProtocolSession {
  closeRequested: string | undefined;
  private nextFlag = 0;

  constructor(private readonly ctx: SessionContext) {}

  frameLength(buffer: Buffer): number {
    return meitrackFrameLength(buffer, this.ctx.options.maxFrameBytes ?? MEITRACK_DEFAULT_MAX_FRAME);
  }

  async handleFrame(frame: Buffer): Promise<void> {
    if (frame.length === 1) return;
    const message = decodeMeitrackFrame(frame);
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
    if (message.kind === "positions") {
      if (message.positions.length > 0) await options.onPositions(message.imei, message.positions);
      if (message.command === "CCC") {
        await this.ctx.send(meitrackCccAck(message.imei, message.positions.length, this.flag()));
      }
      return;
    }
    if (!this.ctx.commandResponse(message.text)) {
      await options.onDeviceMessage?.(message.imei, { text: message.text });
    }
  }

  /** The frame flag is any letter; cycling it lets a device tell a repeated command from a new one. */
  private flag(): string {
    const letter = String.fromCharCode(0x41 + (this.nextFlag % 26));
    this.nextFlag++;
    return letter;
  }

  encodeCommand(command: DeviceCommand): Buffer {
    return encodeMeitrackCommand(this.ctx.deviceId!, command, this.flag());
  }
}
