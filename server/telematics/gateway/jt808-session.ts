import { ProtocolError, type DeviceCommand } from "../../shared/device-contract";
import {
  decodeJt808Message,
  describeTerminalAnswer,
  encodeJt808Command,
  jt808FrameLength,
  jt808PlatformAnswer,
  jt808RegisterAnswer,
  parseJt808Frame,
  JT808,
  JT808_MAX_FRAME,
  JT808_REGISTER_NO_TERMINAL,
  JT808_RESULT,
  type Jt808Header,
} from "../../protocols/jt808";
import type { ProtocolSession, SessionContext } from "./session";

/**
 * Every JT/T 808 header carries the terminal's phone number, so the first frame (registration,
 * authentication or, from terminals that skip both, a report) decides whether the connection is
 * accepted. Reports are answered with 0x8001 only after they are stored.
 */
export class Jt808Session implements ProtocolSession {
  closeRequested: string | undefined;
  private header: Jt808Header | undefined;
  private nextSerial = 1;
  /** Message ids of the commands sent, so only their 0x0001 answers resolve the command in flight. */
  private readonly commandIds = new Set<number>();

  constructor(private readonly ctx: SessionContext) {}

  frameLength(buffer: Buffer): number {
    return jt808FrameLength(buffer, this.ctx.options.maxFrameBytes ?? JT808_MAX_FRAME);
  }

  private serial(): number {
    const s = this.nextSerial;
    this.nextSerial = (this.nextSerial + 1) & 0xffff;
    return s;
  }

  private answer(header: Jt808Header, result: number = JT808_RESULT.ok): Promise<void> {
    return this.ctx.send(jt808PlatformAnswer(header, this.serial(), result));
  }

  async handleFrame(raw: Buffer): Promise<void> {
    if (raw.length === 1) return; // stray delimiter between frames
    const frame = parseJt808Frame(raw);
    const { header } = frame;
    const { options } = this.ctx;
    const deviceId = header.terminalId;
    if (this.ctx.deviceId === undefined) {
      if (!(await options.isKnownDevice(deviceId))) {
        this.closeRequested = `unknown device ${deviceId}`;
        await (header.messageId === JT808.REGISTER
          ? this.ctx.send(jt808RegisterAnswer(header, this.serial(), JT808_REGISTER_NO_TERMINAL, ""))
          : this.answer(header, JT808_RESULT.failure)
        ).catch(() => {});
        await options.onUnknownDevice(deviceId, options.protocol, this.ctx.remoteAddress);
        return;
      }
      this.ctx.identify(deviceId);
    } else if (deviceId !== this.ctx.deviceId) {
      throw new ProtocolError(`terminal id changed from ${this.ctx.deviceId} to ${deviceId}`);
    }
    this.header = header;
    if (header.packet) {
      // Sub-packaged messages are multimedia and long parameter lists, none of which is stored.
      await this.answer(header);
      return;
    }
    const message = decodeJt808Message(frame);
    switch (message.kind) {
      case "register":
        await options.onDeviceStatus?.(deviceId, { attributes: message.attributes });
        // The authentication code is the terminal id: the id in every header is what identifies it.
        await this.ctx.send(jt808RegisterAnswer(header, this.serial(), 0, deviceId));
        return;
      case "auth":
        if (Object.keys(message.attributes).length > 0) {
          await options.onDeviceStatus?.(deviceId, { attributes: message.attributes });
        }
        await this.answer(header);
        return;
      case "heartbeat":
      case "deregister":
        await this.answer(header);
        if (message.kind === "deregister") this.closeRequested = "terminal deregistered";
        return;
      case "positions":
        await options.onPositions(deviceId, message.positions);
        await this.answer(header);
        return;
      case "terminalAnswer":
        if (this.commandIds.has(message.replyId)) {
          this.ctx.commandResponse(describeTerminalAnswer(message.replyId, message.result));
        }
        return;
      case "commandResponse":
        if (message.positions.length > 0) await options.onPositions(deviceId, message.positions);
        if (!this.ctx.commandResponse(message.text)) {
          this.ctx.log.info({ text: message.text }, "unsolicited JT/T 808 answer");
        }
        await this.answer(header);
        return;
      case "unsupported":
        this.ctx.log.debug({ reason: message.reason }, "JT/T 808 message not supported");
        await this.answer(header, JT808_RESULT.unsupported);
        return;
    }
  }

  encodeCommand(command: DeviceCommand): Buffer {
    if (!this.header) throw new Error("no frame received from the terminal yet");
    this.commandIds.add(command.type === "custom" ? JT808.TEXT : JT808.TERMINAL_CONTROL);
    return encodeJt808Command(this.header, this.serial(), command);
  }
}
