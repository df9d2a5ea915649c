import net from "node:net";

/** A TCP device socket with exact-length reads: the base of the protocol clients, usable on its own. */
export class RawDeviceClient {
  private buffer: Buffer = Buffer.alloc(0);
  private waiter: (() => void) | undefined;
  private ended = false;
  /** Resolves when the server closed the connection. */
  readonly closed: Promise<void>;

  constructor(readonly socket: net.Socket) {
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

  static connect<T extends RawDeviceClient>(
    this: new (
      socket: net.Socket,
    ) => T,
    port: number,
    host = "127.0.0.1",
  ): Promise<T> {
    return new Promise((resolve, reject) => {
      const socket = net.connect({ port, host }, () => {
        socket.off("error", reject);
        resolve(new this(socket));
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

  close(): void {
    this.socket.destroy();
  }
}
