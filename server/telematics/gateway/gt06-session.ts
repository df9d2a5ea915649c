import { ProtocolError, type DeviceCommand } from "../../shared/device-contract";
import {
  decodeGt06Message,
  encodeGt06Command,
  gt06Ack,
  gt06FrameLength,
  parseGt06Frame,
  GT06_DEFAULT_MAX_FRAME,
  GT06_ENGINE_COMMANDS,
  GT06_LOGIN,
} from "../../protocols/gt06";
import type { ProtocolSession, SessionContext } from "./session";

export class Gt06Session implements ProtocolSession {
  closeRequested: string | undefined;
  private nextServerFlag = 1;
  private nextSerial = 1;

  constructor(private readonly ctx: SessionContext) {}

  frameLength(buffer: Buffer): number {
    return gt06FrameLength(buffer, this.ctx.options.maxFrameBytes ?? GT06_DEFAULT_MAX_FRAME);
  }

  async handleFrame(raw: Buffer): Promise<void> {
    const frame = parseGt06Frame(raw);
    const deviceId = this.ctx.deviceId;
    if (deviceId === undefined && frame.protocolNumber !== GT06_LOGIN) {
      throw new ProtocolError(`protocol 0x${frame.protocolNumber.toString(16)} before login`);
    }
    const message = decodeGt06Message(frame, deviceId ?? "");
    const { options } = this.ctx;
    switch (message.kind) {
      case "login": {
        if (deviceId !== undefined) {
          await this.ctx.send(gt06Ack(frame));
          return;
        }
        if (!(await options.isKnownDevice(message.imei))) {
          this.closeRequested = `unknown device ${message.imei}`;
          await options.onUnknownDevice(message.imei, options.protocol, this.ctx.remoteAddress, raw);
          return;
        }
        this.ctx.identify(message.imei);
        await this.ctx.send(gt06Ack(frame));
        return;
      }
      case "position":
        await options.onPositions(deviceId!, [message.position]);
        if (message.ack !== null) await this.ctx.send(message.ack ?? gt06Ack(frame));
        return;
      case "status":
        await options.onDeviceStatus?.(deviceId!, message.status);
        if (message.ack !== null) await this.ctx.send(message.ack ?? gt06Ack(frame));
        return;
      case "commandResponse":
        if (!this.ctx.commandResponse(message.text)) {
          this.ctx.log.info({ deviceId, text: message.text }, "unsolicited GT06 command response");
        }
        await options.onDeviceStatus?.(deviceId!, { attributes: { result: message.text.slice(0, 500) } });
        return;
      case "ignored":
        // Nothing was stored, so nothing is acknowledged; the reason shows on the device faults page.
        this.ctx.log.debug({ deviceId, reason: message.reason }, "GT06 frame ignored");
        await options.onFrameRefused?.(deviceId!, options.protocol, raw, message.reason);
        return;
    }
  }

  encodeCommand(command: DeviceCommand): Buffer {
    const family = GT06_ENGINE_COMMANDS[this.ctx.options.gt06EngineCommands ?? "dyd"];
    const text =
      command.type === "engineStop" ? family.stop : command.type === "engineResume" ? family.resume : command.text;
    return encodeGt06Command(text, this.nextServerFlag++, this.nextSerial++);
  }
}
