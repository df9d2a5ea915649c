import {
  DUALCAM_CMD,
  encodeData,
  encodeInit,
  encodeMeta,
  encodeStart,
  encodeSync,
  fileOfPath,
  splitIntoPackets,
  type DualCamFile,
} from "../../protocols/dualcam";
import { RawDeviceClient } from "./raw-device-client";

export interface CameraFile {
  file: DualCamFile;
  data: Buffer;
  meta: {
    trigger: "server_request" | "ignition" | "green_driving" | "periodic";
    time: Date;
    durationS: number;
    lat: number | null;
    lon: number | null;
  };
}

/** One server command: its id and its body. */
export interface ServerCommand {
  cmd: number;
  body: Buffer;
}

/**
 * A DualCam camera on its file-transfer link: init with the files it holds, metadata and file on request,
 * resume from the offset the server asks. `dropAfter` closes the link after that many data packets of the
 * first file (a lost connection); `corrupt` sends that packet index once with a wrong CRC.
 */
export class DualCamClient extends RawDeviceClient {
  async command(timeoutMs?: number): Promise<ServerCommand> {
    const head = await this.read(4, timeoutMs);
    const cmd = head.readUInt16BE(0);
    const body = await this.read(head.readUInt16BE(2), timeoutMs);
    return { cmd, body: Buffer.from(body) };
  }

  /** Runs the camera's side until the server closes or `dropAfter` packets were sent; returns the packets sent per file. */
  async upload(
    imei: string,
    files: CameraFile[],
    opts: { dropAfter?: number; corrupt?: number; timeoutMs?: number } = {},
  ): Promise<{ sent: number; resumedFrom: number[]; closedByServer: boolean }> {
    const pending = [...files];
    let sent = 0;
    const resumedFrom: number[] = [];
    let corrupted = false;
    await this.write(
      encodeInit(
        imei,
        pending.map((f) => f.file),
      ),
    );
    for (;;) {
      let c: ServerCommand;
      try {
        c = await this.command(opts.timeoutMs);
      } catch {
        return { sent, resumedFrom, closedByServer: true };
      }
      if (c.cmd === DUALCAM_CMD.complete) return { sent, resumedFrom, closedByServer: true };
      if (c.cmd === DUALCAM_CMD.initRequest) {
        await this.write(
          encodeInit(
            imei,
            pending.map((f) => f.file),
          ),
        );
        continue;
      }
      const file = pending.find((f) => f.file === fileOfPath(c.body.toString("ascii")));
      if (c.cmd === DUALCAM_CMD.metaRequest) {
        if (!file) throw new Error(`metadata asked for an unknown file ${c.body.toString("ascii")}`);
        await this.write(encodeMeta(file.meta));
      } else if (c.cmd === DUALCAM_CMD.fileRequest) {
        if (!file) throw new Error(`file asked that the camera does not hold: ${c.body.toString("ascii")}`);
        const packets = splitIntoPackets(file.data);
        await this.write(encodeStart(packets.length));
        // the server answers with a resume offset; then data from there on, again after a bad-CRC resume
        let from = (await this.command(opts.timeoutMs)).body.readUInt32BE(0);
        resumedFrom.push(from);
        for (;;) {
          await this.write(encodeSync(from));
          let again: number | null = null;
          for (let i = from; i < packets.length; i++) {
            if (opts.dropAfter !== undefined && sent >= opts.dropAfter) {
              this.close();
              return { sent, resumedFrom, closedByServer: false };
            }
            const bad = opts.corrupt === i && !corrupted;
            if (bad) corrupted = true;
            await this.write(encodeData(packets[i].data, bad ? packets[i].crc ^ 0xffff : packets[i].crc));
            sent += 1;
            if (bad) {
              const r = await this.command(opts.timeoutMs);
              if (r.cmd !== DUALCAM_CMD.resume) throw new Error("expected a resume after a bad CRC");
              again = r.body.readUInt32BE(0);
              resumedFrom.push(again);
              break;
            }
          }
          if (again === null) break;
          from = again;
        }
        pending.splice(pending.indexOf(file), 1);
      } else {
        throw new Error(`unexpected server command 0x${c.cmd.toString(16)}`);
      }
    }
  }
}
