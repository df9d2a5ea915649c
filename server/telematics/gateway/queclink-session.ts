import { ProtocolError, type DeviceCommand } from "../../shared/device-contract";
import {
  decodeQueclinkReport,
  encodeQueclinkCommand,
  queclinkFrameLength,
  queclinkHeartbeatAck,
  queclinkSack,
  QUECLINK_MAX_FRAME,
} from "../../protocols/queclink";
import type { ProtocolSession, SessionContext } from "./session";

/**
 * Queclink has no login: the IMEI in every report decides, at the first one, whether the connection is
 * accepted. Reports are answered with `+SACK:<count>$` after they are stored, heartbeats with
 * `+SACK:GTHBD,…$`; `+ACK:GT…` answers resolve the command in flight.
 */
export class QueclinkSession implements ProtocolSession {
  closeRequested: string | undefined;
  private nextSerial = 1;

  constructor(private readonly ctx: SessionContext) {}

  frameLength(buffer: Buffer): number {
    return queclinkFrameLength(buffer, this.ctx.options.maxFrameBytes ?? QUECLINK_MAX_FRAME);
  }

  async handleFrame(frame: Buffer): Promise<void> {
    if (frame.length === 1 && frame[0] !== 0x2b) return; // line break or padding between reports
    const message = decodeQueclinkReport(frame.toString("latin1"));
    const { options } = this.ctx;
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
      case "positions":
        await options.onPositions(deviceId, message.positions);
        await this.ctx.send(queclinkSack(message.count));
        return;
      case "status":
        await options.onDeviceStatus?.(deviceId, {
          alarm: message.alarm,
          ignition: message.ignition,
          attributes: message.attributes,
        });
        await this.ctx.send(queclinkSack(message.count));
        return;
      case "heartbeat":
        await this.ctx.send(queclinkHeartbeatAck(message.protocolVersion, message.count));
        return;
      case "ack":
        if (!this.ctx.commandResponse(message.text)) {
          this.ctx.log.info({ text: message.text }, "unsolicited Queclink acknowledgement");
        }
        return;
    }
  }

  encodeCommand(command: DeviceCommand): Buffer {
    const serial = this.nextSerial;
    this.nextSerial = (this.nextSerial % 0xffff) + 1;
    return encodeQueclinkCommand(command, serial);
  }
}
