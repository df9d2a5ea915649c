import { ProtocolError } from "../shared/device-contract";
import { ByteReader } from "./byte-reader";
import { decodeTeltonikaFrame, wrapTeltonikaFrame, type TeltonikaPacket } from "./teltonika";

/**
 * Teltonika over UDP: length (2, the bytes after it), packet id (2), an unused byte (0x01), AVL packet id
 * (1), IMEI length (2), IMEI, then the same codec data as over TCP (codec, count, records, count) without
 * preamble or CRC. The server answers each datagram with length 5, the packet id, 0x01, the AVL packet id
 * and the number of records accepted.
 */
export interface TeltonikaUdpPacket {
  packetId: number;
  avlPacketId: number;
  imei: string;
  packet: Extract<TeltonikaPacket, { kind: "records" }>;
}

export function decodeTeltonikaUdp(datagram: Buffer): TeltonikaUdpPacket {
  const r = new ByteReader(datagram);
  const length = r.u16();
  if (length !== datagram.length - 2) throw new ProtocolError(`UDP length ${length} for ${datagram.length - 2} bytes`);
  const packetId = r.u16();
  r.u8(); // not used (0x01)
  const avlPacketId = r.u8();
  const imei = r.bytes(r.u16()).toString("latin1");
  if (!/^[0-9]{1,32}$/.test(imei)) throw new ProtocolError("UDP IMEI is not ASCII digits");
  const data = datagram.subarray(r.offset);
  // The records are decoded by the TCP decoder, wrapped in a frame of their own.
  const packet = decodeTeltonikaFrame(wrapTeltonikaFrame(Buffer.from(data)), imei);
  if (packet.kind !== "records") throw new ProtocolError("UDP packet without AVL records");
  return { packetId, avlPacketId, imei, packet };
}

export function teltonikaUdpAck(packetId: number, avlPacketId: number, accepted: number): Buffer {
  const ack = Buffer.alloc(7);
  ack.writeUInt16BE(5, 0);
  ack.writeUInt16BE(packetId, 2);
  ack[4] = 0x01;
  ack[5] = avlPacketId;
  ack[6] = accepted & 0xff;
  return ack;
}

/** Builds a UDP datagram around codec data (simulator and tests). */
export function encodeTeltonikaUdp(imei: string, codecData: Buffer, packetId = 1, avlPacketId = 1): Buffer {
  const id = Buffer.from(imei, "latin1");
  const body = Buffer.alloc(2 + 1 + 1 + 2 + id.length + codecData.length);
  body.writeUInt16BE(packetId, 0);
  body[2] = 0x01;
  body[3] = avlPacketId;
  body.writeUInt16BE(id.length, 4);
  id.copy(body, 6);
  codecData.copy(body, 6 + id.length);
  const length = Buffer.alloc(2);
  length.writeUInt16BE(body.length, 0);
  return Buffer.concat([length, body]);
}
