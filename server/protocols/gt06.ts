import type { DeviceStatus } from "../shared/device-contract";
import { encodeGt06Frame } from "./gt06-frame";

export {
  encodeGt06Frame,
  gt06Ack,
  gt06FrameLength,
  parseGt06Frame,
  GT06_DEFAULT_MAX_FRAME,
  type Gt06Frame,
} from "./gt06-frame";
export { decodeGt06Message, type Gt06Message } from "./gt06-messages";

export const GT06_LOGIN = 0x01;
export const GT06_GPS = 0x10;
export const GT06_GPS_LBS = 0x12;
export const GT06_STATUS = 0x13;
export const GT06_STRING_RESPONSE = 0x15;
export const GT06_ALARM = 0x16;
export const GT06_STRING_RESPONSE_EXT = 0x21;
export const GT06_GPS_LBS_2 = 0x22;
export const GT06_ALARM_2 = 0x26;
export const GT06_ALARM_3 = 0x27;
export const GT06_COMMAND = 0x80;

/** Relay texts differ between firmware families; both are public Concox command sets. */
export const GT06_ENGINE_COMMANDS = {
  dyd: { stop: "DYD,000000#", resume: "HFYD,000000#" },
  relay: { stop: "Relay,1#", resume: "Relay,0#" },
} as const;

export type Gt06Status = DeviceStatus;

/** Online command 0x80: command length, 4-byte server flag (echoed in the reply), ASCII command. */
export function encodeGt06Command(text: string, serverFlag = 0, serial = 0): Buffer {
  const command = Buffer.from(text, "ascii");
  const content = Buffer.alloc(5 + command.length);
  content[0] = 4 + command.length;
  content.writeUInt32BE(serverFlag >>> 0, 1);
  command.copy(content, 5);
  return encodeGt06Frame(GT06_COMMAND, serial, content);
}
