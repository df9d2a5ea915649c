import net from "node:net";
import { CODEC_8, CODEC_8E, decodeTeltonikaFrame, encodeImeiHandshake } from "../protocols/teltonika";
import { encodeCodec12Response, encodeTeltonikaAvl, type SimPosition } from "./teltonika-encoder";

/**
 * Minimal Teltonika device: handshake, send AVL packets and wait for the server's record-count ack,
 * receive Codec 12 commands. Used by tests, the ingest benchmark and the demo simulator.
 */
export class TeltonikaClient {
  private buffer: Buffer = Buffer.alloc(0);
  private waiter: (() => void) | undefined;
  private ended = false;
  /** Resolves when the server closed the connection. */
  readonly closed: Promise<void>;

  private constructor(readonly socket: net.Socket) {
    socket.on("data", (chunk) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.waiter?.();
    });
    this.closed = new Promise((resolve) => {
      socket.on("close", () => {
        this.ended = true;
        this.waiter?.();
        resolve();
      });
    });
    socket.on("error", () => {});
  }

  static connect(port: number, host = "127.0.0.1"): Promise<TeltonikaClient> {
    return new Promise((resolve, reject) => {
      const socket = net.connect({ port, host }, () => {
        socket.off("error", reject);
        resolve(new TeltonikaClient(socket));
      });
      socket.once("error", reject);
    });
  }

  /** Bytes received so far and not yet read. */
  get pendingBytes(): number {
    return this.buffer.length;
  }

  write(data: Buffer): Promise<void> {
    return new Promise((resolve, reject) => this.socket.write(data, (e) => (e ? reject(e) : resolve())));
  }

  /** Reads exactly n bytes; rejects on timeout or when the server closes first. */
  async read(n: number, timeoutMs = 5000): Promise<Buffer> {
    const deadline = Date.now() + timeoutMs;
    while (this.buffer.length < n) {
      if (this.ended) throw new Error(`connection closed after ${this.buffer.length}/${n} bytes`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timeout waiting for ${n} bytes`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiter = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.waiter = undefined;
    }
    const out = this.buffer.subarray(0, n);
    this.buffer = this.buffer.subarray(n);
    return out;
  }

  /** Sends the IMEI and returns whether the server accepted it (0x01). */
  async handshake(imei: string, timeoutMs?: number): Promise<boolean> {
    await this.write(encodeImeiHandshake(imei));
    const [reply] = await this.read(1, timeoutMs);
    return reply === 0x01;
  }

  /** Sends one AVL packet and resolves with the record count the server acknowledged. */
  async sendRecords(positions: SimPosition[], codec: typeof CODEC_8 | typeof CODEC_8E = CODEC_8, timeoutMs?: number): Promise<number> {
    await this.write(encodeTeltonikaAvl(positions, codec));
    return (await this.read(4, timeoutMs)).readUInt32BE(0);
  }

  /** Waits for a Codec 12 command from the server and returns its text. */
  async receiveCommand(timeoutMs?: number): Promise<string> {
    const header = await this.read(8, timeoutMs);
    const rest = await this.read(header.readUInt32BE(4) + 4, timeoutMs);
    const packet = decodeTeltonikaFrame(Buffer.concat([header, rest]), "");
    if (packet.kind !== "codec12" || packet.type !== 0x05) throw new Error("expected a Codec 12 command");
    return packet.text;
  }

  respondToCommand(text: string): Promise<void> {
    return this.write(encodeCodec12Response(text));
  }

  close(): void {
    this.socket.destroy();
  }
}
