/**
 * What the DualCam camera server (server/telematics/gateway/dualcam-server.ts) asks of whoever stores the media (the
 * video module): known devices, and one upload per file. Lives below the modules so the video module implements it
 * without importing the gateway.
 */
import type { DualCamFile, DualCamPacket } from "./dualcam";

export type DualCamMeta = Extract<DualCamPacket, { kind: "meta" }>;

/** One file being received: where it resumes, and its storage (the video module's side). */
export interface CameraUpload {
  /** packets already stored and verified (0 = from the start) */
  readonly offset: number;
  /** the CRC of the last stored packet (the seed of the next one) */
  readonly crc: number;
  append(data: Buffer, crc: number): Promise<void>;
  /** Verifies and commits the whole file; resolves only once it is stored (then the camera is acknowledged). */
  complete(): Promise<void>;
  /** The connection ended mid-file: keep what was received for a resume. */
  suspend(): Promise<void>;
  /** The transfer cannot go on (repeated bad CRC, hostile data). */
  fail(reason: string): Promise<void>;
}

export interface CameraCallbacks {
  isKnownDevice(imei: string): Promise<boolean>;
  onUnknownDevice?(imei: string, remoteAddress: string): Promise<void>;
  openUpload(imei: string, file: DualCamFile, meta: DualCamMeta | null, totalPackets: number): Promise<CameraUpload>;
}
