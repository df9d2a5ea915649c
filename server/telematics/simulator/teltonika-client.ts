import { CODEC_8, CODEC_8E, decodeTeltonikaFrame, encodeImeiHandshake } from "../../protocols/teltonika";
import { RawDeviceClient } from "./raw-device-client";
import { encodeCodec12Response, encodeTeltonikaAvl, type SimPosition } from "./teltonika-encoder";

/**
 * Minimal Teltonika device: handshake, send AVL packets and wait for the server's record-count ack,
 * receive Codec 12 commands. `await TeltonikaClient.connect(port, host)`.
 */
export class TeltonikaClient extends RawDeviceClient {
  /** Sends the IMEI and returns whether the server accepted it (0x01). */
  async handshake(imei: string, timeoutMs?: number): Promise<boolean> {
    await this.write(encodeImeiHandshake(imei));
    const [reply] = await this.read(1, timeoutMs);
    return reply === 0x01;
  }

  /** Sends one AVL packet and resolves with the record count the server acknowledged. */
  async sendRecords(
    positions: SimPosition[],
    codec: typeof CODEC_8 | typeof CODEC_8E = CODEC_8,
    timeoutMs?: number,
  ): Promise<number> {
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
}
