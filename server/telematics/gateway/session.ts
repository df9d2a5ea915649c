import type pino from "pino";
import type { DeviceCommand, DevicePosition, DeviceStatus } from "../../shared/device-contract";
import type { TcpProtocolName } from "../../shared/protocols";

/** the protocols served by a session on the TCP gateway (server/shared/protocols.ts) */
export type TcpProtocol = TcpProtocolName;

export interface DeviceCallbacks {
  isKnownDevice(deviceId: string): Promise<boolean>;
  /** `frame`: the frame that named the device, kept for the device faults page. */
  onUnknownDevice(deviceId: string, protocol: string, remoteAddress: string, frame?: Buffer): Promise<void>;
  /** Must resolve only once the positions are durably stored: the device is acknowledged afterwards. */
  onPositions(deviceId: string, positions: DevicePosition[]): Promise<void>;
}

export interface TcpGatewayOptions extends DeviceCallbacks {
  protocol: TcpProtocol;
  /** 0 picks a free port; defaults to Traccar's port for the protocol. */
  port?: number;
  host?: string;
  logger: pino.Logger;
  /** Close connections that send nothing for this long. Default 10 minutes. */
  idleTimeoutMs?: number;
  /** Frames larger than this close the connection. */
  maxFrameBytes?: number;
  /** Default timeout for sendCommand. Default 30 s. */
  commandTimeoutMs?: number;
  /** GT06 relay command family. Default "dyd" (DYD,000000# / HFYD,000000#). */
  gt06EngineCommands?: "dyd" | "relay";
  /** Status, heartbeat and command-answer values of frames without a position; acknowledged after this resolves. */
  onDeviceStatus?(deviceId: string, status: DeviceStatus): Promise<void>;
  /**
   * A frame from an accepted device that passed its checksum but was not stored (unknown type or layout):
   * kept for the device faults page. Best effort: must not throw.
   */
  onFrameRefused?(deviceId: string, protocol: string, frame: Buffer, reason: string): Promise<void>;
  /** Teltonika Codec 13 messages and unsolicited Codec 12 responses. */
  onDeviceMessage?(
    deviceId: string,
    message: { text: string; time?: Date; attributes?: Record<string, unknown> },
  ): Promise<void>;
}

/** What a protocol session may do with its connection. */
export interface SessionContext {
  readonly remoteAddress: string;
  readonly log: pino.Logger;
  readonly options: TcpGatewayOptions;
  readonly deviceId: string | undefined;
  send(data: Buffer): Promise<void>;
  /** Registers the connection under the device id (after the device was accepted). */
  identify(deviceId: string): void;
  /** Delivers a device's reply to the command in flight, if any; returns false when none was waiting. */
  commandResponse(text: string): boolean;
}

export interface ProtocolSession {
  /** Length of the next complete frame, 0 if more bytes are needed; throws ProtocolError on garbage. */
  frameLength(buffer: Buffer): number;
  /** After the device closed its side: the length of a last, unterminated frame (0 = drop the rest). */
  finalFrameLength?(buffer: Buffer): number;
  /** Throwing (or a rejected callback) closes the connection without acknowledging. */
  handleFrame(frame: Buffer): Promise<void>;
  /** Set when the session decided to end the connection (e.g. rejected handshake). */
  readonly closeRequested: string | undefined;
  encodeCommand(command: DeviceCommand): Buffer;
}
