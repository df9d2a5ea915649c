import { ProtocolError } from "../shared/device-contract";
import { crc16DualCam } from "./checksum";

/**
 * Teltonika DualCam / DashCam camera file transfer (the camera's own TCP link, Traccar's port 5232).
 * Frames are a 2-byte command and, except for the 16-byte initialisation, a 2-byte length; data packets carry
 * up to 1024 bytes and a CRC-16 (poly 0x8408) seeded with the previous packet's CRC. See docs/video.md.
 */
export const DUALCAM_DEFAULT_PORT = 5232;
export const DUALCAM_CMD = {
  init: 0x0000,
  start: 0x0001,
  resume: 0x0002,
  sync: 0x0003,
  data: 0x0004,
  complete: 0x0005,
  fileRequest: 0x0008,
  initRequest: 0x0009,
  metaRequest: 0x000a,
  meta: 0x000b,
} as const;
export const DUALCAM_MAX_DATA = 1024;
const INIT_LENGTH = 16;

/** Settings-word bits of the initialisation packet: which files the camera holds. */
export const DUALCAM_FILE_BITS = { photoFront: 26, photoRear: 27, videoFront: 28, videoRear: 29 } as const;
export type DualCamFile = keyof typeof DUALCAM_FILE_BITS;
/** The file names the server asks for (0x0008). */
export const DUALCAM_PATHS: Record<DualCamFile, string> = {
  photoFront: "%photof",
  photoRear: "%photor",
  videoFront: "%videof",
  videoRear: "%videor",
};
export const fileOfPath = (p: string): DualCamFile | null =>
  (Object.entries(DUALCAM_PATHS).find(([, v]) => v === p)?.[0] as DualCamFile | undefined) ?? null;

/** Metadata triggers (0x000B): what made the camera capture. */
export const DUALCAM_TRIGGERS = ["server_request", "ignition", "green_driving", "periodic"] as const;

export type DualCamPacket =
  | { kind: "init"; protocolId: number; imei: string; settings: number; files: DualCamFile[] }
  | { kind: "start"; totalPackets: number }
  | { kind: "sync"; offset: number }
  | { kind: "data"; data: Buffer; crc: number }
  | {
      kind: "meta";
      trigger: (typeof DUALCAM_TRIGGERS)[number] | null;
      time: Date;
      durationS: number;
      lat: number | null;
      lon: number | null;
    };

/** Length of the next complete frame from the device, 0 when more bytes are needed. */
export function dualCamFrameLength(buf: Buffer): number {
  if (buf.length < 2) return 0;
  const cmd = buf.readUInt16BE(0);
  if (cmd === DUALCAM_CMD.init) return buf.length >= INIT_LENGTH ? INIT_LENGTH : 0;
  if (cmd !== DUALCAM_CMD.start && cmd !== DUALCAM_CMD.sync && cmd !== DUALCAM_CMD.data && cmd !== DUALCAM_CMD.meta) {
    throw new ProtocolError(`unknown DualCam command 0x${cmd.toString(16)}`);
  }
  if (buf.length < 4) return 0;
  const len = buf.readUInt16BE(2);
  if (cmd === DUALCAM_CMD.data) {
    if (len === 0 || len > DUALCAM_MAX_DATA) throw new ProtocolError(`DualCam data length ${len} out of range`);
    return buf.length >= 4 + len + 2 ? 4 + len + 2 : 0;
  }
  if (len > 64) throw new ProtocolError(`DualCam command 0x${cmd.toString(16)} length ${len} out of range`);
  return buf.length >= 4 + len ? 4 + len : 0;
}

export function decodeDualCamFrame(frame: Buffer): DualCamPacket {
  const cmd = frame.readUInt16BE(0);
  switch (cmd) {
    case DUALCAM_CMD.init: {
      const imei = frame.readBigUInt64BE(4).toString();
      const settings = frame.readUInt32BE(12);
      const files = (Object.keys(DUALCAM_FILE_BITS) as DualCamFile[]).filter(
        (f) => (settings >>> DUALCAM_FILE_BITS[f]) & 1,
      );
      return { kind: "init", protocolId: frame.readUInt16BE(2), imei, settings, files };
    }
    case DUALCAM_CMD.start:
      if (frame.readUInt16BE(2) < 4) throw new ProtocolError("DualCam start without a packet count");
      return { kind: "start", totalPackets: frame.readUInt32BE(4) };
    case DUALCAM_CMD.sync:
      if (frame.readUInt16BE(2) < 4) throw new ProtocolError("DualCam sync without an offset");
      return { kind: "sync", offset: frame.readUInt32BE(4) };
    case DUALCAM_CMD.data: {
      const len = frame.readUInt16BE(2);
      return { kind: "data", data: frame.subarray(4, 4 + len), crc: frame.readUInt16BE(4 + len) };
    }
    case DUALCAM_CMD.meta: {
      if (frame.readUInt16BE(2) < 19) throw new ProtocolError("DualCam metadata too short");
      const t = frame.readUInt8(4);
      const lat = frame.readInt32BE(14);
      const lon = frame.readInt32BE(18);
      const known = lat !== 0x7fffffff && lon !== 0x7fffffff;
      return {
        kind: "meta",
        trigger: DUALCAM_TRIGGERS[t] ?? null,
        time: new Date(Number(frame.readBigUInt64BE(5))),
        durationS: frame.readUInt8(13),
        lat: known ? lat / 1e7 : null,
        lon: known ? lon / 1e7 : null,
      };
    }
    default:
      throw new ProtocolError(`unknown DualCam command 0x${cmd.toString(16)}`);
  }
}

/** The CRC a data packet must carry, given the previous packet's CRC. */
export const dualCamDataCrc = (data: Uint8Array, previousCrc: number) => crc16DualCam(data, previousCrc);

const header = (cmd: number, body: Buffer = Buffer.alloc(0)) => {
  const b = Buffer.alloc(4 + body.length);
  b.writeUInt16BE(cmd, 0);
  b.writeUInt16BE(body.length, 2);
  body.copy(b, 4);
  return b;
};
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n >>> 0, 0);
  return b;
};

// ---- server → camera ----
export const encodeFileRequest = (path: string) => header(DUALCAM_CMD.fileRequest, Buffer.from(path, "ascii"));
export const encodeMetaRequest = (path: string) => header(DUALCAM_CMD.metaRequest, Buffer.from(path, "ascii"));
/** Resume from `offset` packets already received (0 = from the start). */
export const encodeResume = (offset: number) => header(DUALCAM_CMD.resume, u32(offset));
export const encodeInitRequest = () => header(DUALCAM_CMD.initRequest);
export const encodeComplete = () => header(DUALCAM_CMD.complete);

// ---- camera → server (the simulator and the tests) ----
export function encodeInit(imei: string, files: DualCamFile[], protocolId = 6): Buffer {
  const b = Buffer.alloc(INIT_LENGTH);
  b.writeUInt16BE(DUALCAM_CMD.init, 0);
  b.writeUInt16BE(protocolId, 2);
  b.writeBigUInt64BE(BigInt(imei), 4);
  b.writeUInt32BE(
    files.reduce((s, f) => (s | (1 << DUALCAM_FILE_BITS[f])) >>> 0, 0),
    12,
  );
  return b;
}
export const encodeStart = (totalPackets: number) => header(DUALCAM_CMD.start, u32(totalPackets));
export const encodeSync = (offset: number) => header(DUALCAM_CMD.sync, u32(offset));
export function encodeData(data: Buffer, crc: number): Buffer {
  const b = Buffer.alloc(4 + data.length + 2);
  b.writeUInt16BE(DUALCAM_CMD.data, 0);
  b.writeUInt16BE(data.length, 2);
  data.copy(b, 4);
  b.writeUInt16BE(crc, 4 + data.length);
  return b;
}
export function encodeMeta(m: {
  trigger: (typeof DUALCAM_TRIGGERS)[number];
  time: Date;
  durationS: number;
  lat: number | null;
  lon: number | null;
}): Buffer {
  const body = Buffer.alloc(19);
  body.writeUInt8(DUALCAM_TRIGGERS.indexOf(m.trigger), 0);
  body.writeBigUInt64BE(BigInt(m.time.getTime()), 1);
  body.writeUInt8(Math.min(255, m.durationS), 9);
  body.writeInt32BE(m.lat === null ? 0x7fffffff : Math.round(m.lat * 1e7), 10);
  body.writeInt32BE(m.lon === null ? 0x7fffffff : Math.round(m.lon * 1e7), 14);
  return header(DUALCAM_CMD.meta, body);
}
/** Splits a file into data packets with their chained CRCs. */
export function splitIntoPackets(file: Buffer, size = DUALCAM_MAX_DATA): { data: Buffer; crc: number }[] {
  const out: { data: Buffer; crc: number }[] = [];
  let crc = 0;
  for (let i = 0; i < file.length; i += size) {
    const data = file.subarray(i, i + size);
    crc = dualCamDataCrc(data, crc);
    out.push({ data, crc });
  }
  return out;
}

/** camreq (Codec 12 / SMS): file type 0 video, 1 photo; source 1 front, 2 rear; Unix time; duration ≤ 30 s; optional server. */
export function camreqCommand(r: {
  mediaType: "photo" | "video";
  camera: "front" | "rear";
  at: Date;
  durationS: number;
  host?: string;
  port?: number;
}): string {
  const parts = [
    r.mediaType === "video" ? 0 : 1,
    r.camera === "front" ? 1 : 2,
    Math.floor(r.at.getTime() / 1000),
    r.mediaType === "video" ? r.durationS : 0,
  ];
  const server = r.host && r.port ? `,${r.host},${r.port}` : "";
  return `camreq:${parts.join(",")}${server}`;
}

export function parseCamreq(
  text: string,
): { mediaType: "photo" | "video"; camera: "front" | "rear"; at: Date; durationS: number } | null {
  const m = /^camreq:\s*([01]),([123]),(\d+),(\d+)/.exec(text.trim());
  if (!m) return null;
  return {
    mediaType: m[1] === "0" ? "video" : "photo",
    camera: m[2] === "2" ? "rear" : "front",
    at: new Date(Number(m[3]) * 1000),
    durationS: Number(m[4]),
  };
}
