import net from "node:net";
import type pino from "pino";
import { ProtocolError } from "../../shared/device-contract";
import {
  decodeDualCamFrame,
  dualCamDataCrc,
  dualCamFrameLength,
  DUALCAM_DEFAULT_PORT,
  DUALCAM_PATHS,
  encodeComplete,
  encodeFileRequest,
  encodeInitRequest,
  encodeMetaRequest,
  encodeResume,
  type DualCamFile,
  type DualCamPacket,
} from "../../protocols/dualcam";
import type { CameraCallbacks, CameraUpload, DualCamMeta } from "../../protocols/dualcam-camera";
import { tcpListenOptions } from "./port-sharing";

export interface CameraServerOptions extends CameraCallbacks {
  port?: number;
  host?: string;
  logger: pino.Logger;
  idleTimeoutMs?: number;
  /** Files larger than this many 1 KiB packets are refused. Default 64 MiB worth. */
  maxPackets?: number;
  /** Bad CRCs tolerated per file (each answered by a resume from the last good packet). */
  maxCrcErrors?: number;
}

export interface CameraServer {
  readonly port: number;
  close(): Promise<void>;
}

type Stage = "init" | "meta" | "start" | "sync" | "data" | "done";

class CameraConnection {
  private buffer: Buffer = Buffer.alloc(0);
  private processing = false;
  private ending = false;
  private closed = false;
  private stage: Stage = "init";
  private imei: string | null = null;
  private files: DualCamFile[] = [];
  private file: DualCamFile | null = null;
  private meta: DualCamMeta | null = null;
  private upload: CameraUpload | null = null;
  private total = 0;
  private received = 0;
  private crc = 0;
  private crcErrors = 0;
  private readonly log: pino.Logger;

  constructor(
    private readonly socket: net.Socket,
    private readonly o: CameraServerOptions,
  ) {
    this.log = o.logger.child({ protocol: "dualcam", remote: `${socket.remoteAddress}:${socket.remotePort}` });
    socket.setNoDelay(true);
    socket.setTimeout(o.idleTimeoutMs ?? 120_000);
    socket.on("timeout", () => void this.close("idle timeout"));
    socket.on("data", (chunk) => this.onData(chunk));
    socket.on("error", (e) => void this.close(`socket error: ${e.message}`));
    // Frames that arrived before the peer hung up are still processed: they are what the camera sent.
    socket.on("close", () => {
      this.ending = true;
      if (!this.processing) void this.close("closed by peer");
    });
  }

  private onData(chunk: Buffer) {
    if (this.closed) return;
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    if (this.buffer.length > 64 * 1024) return void this.close("buffer overflow");
    if (!this.processing) void this.pump();
  }

  private async pump() {
    this.processing = true;
    try {
      while (!this.closed) {
        const n = dualCamFrameLength(this.buffer);
        if (n === 0) break;
        const frame = Buffer.from(this.buffer.subarray(0, n));
        this.buffer = this.buffer.subarray(n);
        if (!this.ending) this.socket.pause();
        await this.handle(decodeDualCamFrame(frame));
        if (!this.ending) this.socket.resume();
      }
      if (this.ending) await this.close("closed by peer");
    } catch (err) {
      const msg = err instanceof Error ? err.message : String(err);
      if (this.upload && err instanceof ProtocolError) await this.upload.fail("transfer_error").catch(() => {});
      this.upload = null;
      await this.close(err instanceof ProtocolError ? `malformed: ${msg}` : `failed: ${msg}`);
    } finally {
      this.processing = false;
    }
  }

  private send(b: Buffer) {
    if (this.ending || this.closed) return Promise.resolve();
    return new Promise<void>((resolve, reject) => this.socket.write(b, (e) => (e ? reject(e) : resolve())));
  }

  private expect(stage: Stage, p: DualCamPacket) {
    if (this.stage !== stage) throw new ProtocolError(`unexpected ${p.kind} while waiting for ${this.stage}`);
  }

  private async handle(p: DualCamPacket) {
    switch (p.kind) {
      case "init": {
        this.expect("init", p);
        if (this.imei && this.imei !== p.imei) throw new ProtocolError("camera changed its IMEI");
        if (!this.imei) {
          if (!(await this.o.isKnownDevice(p.imei))) {
            await this.o.onUnknownDevice?.(p.imei, String(this.socket.remoteAddress));
            return this.close(`unknown camera ${p.imei}`);
          }
          this.imei = p.imei;
        }
        this.files = p.files;
        return this.nextFile();
      }
      case "meta":
        this.expect("meta", p);
        this.meta = p;
        this.stage = "start";
        return this.send(encodeFileRequest(DUALCAM_PATHS[this.file!]));
      case "start": {
        this.expect("start", p);
        const max = this.o.maxPackets ?? 65_536;
        if (p.totalPackets === 0 || p.totalPackets > max)
          throw new ProtocolError(`file of ${p.totalPackets} packets refused`);
        this.upload = await this.o.openUpload(this.imei!, this.file!, this.meta, p.totalPackets);
        this.total = p.totalPackets;
        this.received = Math.min(this.upload.offset, this.total);
        this.crc = this.upload.crc;
        this.crcErrors = 0;
        this.stage = "sync";
        return this.send(encodeResume(this.received));
      }
      case "sync":
        this.expect("sync", p);
        if (p.offset !== this.received) throw new ProtocolError(`sync at ${p.offset}, asked ${this.received}`);
        this.stage = "data";
        return;
      case "data": {
        // Packets already in flight after a resume request are dropped until the camera syncs again.
        if (this.stage === "sync") return;
        this.expect("data", p);
        if (dualCamDataCrc(p.data, this.crc) !== p.crc) {
          this.crcErrors += 1;
          if (this.crcErrors > (this.o.maxCrcErrors ?? 5)) throw new ProtocolError("too many bad CRCs");
          this.stage = "sync";
          return this.send(encodeResume(this.received));
        }
        await this.upload!.append(p.data, p.crc);
        this.crc = p.crc;
        this.received += 1;
        if (this.received < this.total) return;
        const upload = this.upload!;
        this.upload = null;
        this.stage = "done";
        await upload.complete();
        this.log.info({ imei: this.imei, file: this.file }, "camera file stored");
        // Only now is the file acknowledged: the camera may forget it.
        this.stage = "init";
        return this.send(encodeInitRequest());
      }
    }
  }

  private async nextFile() {
    const file = this.files.shift();
    if (!file) {
      this.stage = "done";
      await this.send(encodeComplete());
      return this.close("no more files");
    }
    this.file = file;
    this.meta = null;
    this.stage = "meta";
    return this.send(encodeMetaRequest(DUALCAM_PATHS[file]));
  }

  async close(reason: string) {
    if (this.closed) return;
    this.closed = true;
    this.log.debug({ reason, imei: this.imei }, "camera connection closed");
    const upload = this.upload;
    this.upload = null;
    this.socket.end();
    this.socket.destroy();
    if (upload)
      await upload.suspend().catch((err) => this.log.warn({ err }, "saving a partial camera transfer failed"));
  }
}

/** The camera file-transfer server (Teltonika DualCam / DashCam). */
export async function startCameraServer(o: CameraServerOptions): Promise<CameraServer> {
  const connections = new Set<CameraConnection>();
  const server = net.createServer((socket) => {
    const c = new CameraConnection(socket, o);
    connections.add(c);
    socket.once("close", () => connections.delete(c));
  });
  server.on("error", (err) => o.logger.error({ err }, "camera server error"));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(tcpListenOptions(o.port ?? DUALCAM_DEFAULT_PORT, o.host), () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  o.logger.info({ port }, "camera file-transfer server listening");
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const c of connections) void c.close("server shutting down");
      }),
  };
}
