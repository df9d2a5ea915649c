import { decodeCobanMessage } from "./coban";
import { decodeGalileoskyFrame } from "./galileosky";
import { decodeGt06Message, parseGt06Frame } from "./gt06";
import { decodeH02Frame } from "./h02";
import { decodeJt808Message, parseJt808Frame } from "./jt808";
import { decodeMeitrackFrame } from "./meitrack";
import { decodeQueclinkReport } from "./queclink";
import { decodeRuptelaFrame } from "./ruptela";
import { decodeSuntechFrame } from "./suntech";
import { decodeTeltonikaFrame, parseImeiHandshake } from "./teltonika";
import { decodeWialonPacket } from "./wialon";
import type { TcpProtocolName } from "../shared/protocols";

type Describer = (frame: Buffer) => unknown;

/**
 * What each TCP protocol's codec reads from a frame (server/shared/protocols.ts): the compiler refuses a registry
 * entry without its describer here.
 */
const DESCRIBERS = {
  gt06: (frame) => decodeGt06Message(parseGt06Frame(frame), ""),
  h02: (frame) => decodeH02Frame(frame),
  teltonika: (frame) => (frame.readUInt32BE(0) === 0 ? decodeTeltonikaFrame(frame, "") : parseImeiHandshake(frame)),
  ruptela: (frame) => decodeRuptelaFrame(frame),
  meitrack: (frame) => decodeMeitrackFrame(frame),
  suntech: (frame) => decodeSuntechFrame(frame),
  galileosky: (frame) => decodeGalileoskyFrame(frame),
  jt808: (frame) => decodeJt808Message(parseJt808Frame(frame)),
  queclink: (frame) => decodeQueclinkReport(frame.toString("latin1")),
  wialon: (frame) => decodeWialonPacket(frame.toString("latin1"), "", "2.0"),
  coban: (frame) => decodeCobanMessage(frame.toString("latin1")),
} satisfies Record<TcpProtocolName, Describer>;

const replacer = (key: string, value: unknown) => {
  if (key === "frame" || key === "payload") return undefined;
  if (typeof value === "bigint") return value.toString();
  if (value && typeof value === "object" && (value as { type?: string }).type === "Buffer") return undefined;
  return value;
};

/**
 * What the protocol's decoder makes of a (refused) frame, as text for the device faults page: the decoded
 * message, or the decoder's error. null for protocols without a describer here.
 */
export function describeFrame(protocol: string, frame: Buffer): string | null {
  const describe = Object.hasOwn(DESCRIBERS, protocol) ? DESCRIBERS[protocol as TcpProtocolName] : undefined;
  if (!describe) return null;
  try {
    return JSON.stringify(describe(frame), replacer, 1).slice(0, 2000);
  } catch (error) {
    return `${error instanceof Error ? error.message : String(error)}`;
  }
}
