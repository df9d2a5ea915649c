import type { Logger } from "pino";
import { parseCamreq } from "../protocols/dualcam";
import { DualCamClient, type CameraFile } from "../telematics/simulator/dualcam-client";
import { sampleClip, samplePhoto } from "./sample-media";

/**
 * The demo vehicles' DualCam: answers camreq like the tracker does, then opens its own link to the camera
 * server and uploads the requested photo or clip over the real protocol. Media are made here, at start.
 */
export class DemoCamera {
  private readonly photo: Buffer;
  private readonly clip: Buffer;
  private busy: Promise<void> = Promise.resolve();

  constructor(
    private readonly imei: string,
    private readonly port: number,
    seed: number,
    private readonly log: Logger,
  ) {
    this.photo = samplePhoto(seed);
    this.clip = sampleClip(seed);
  }

  /** The tracker's answer to a Codec 12 text, or null when it is not a camera command. */
  handleCommand(text: string, position: { lat: number; lon: number }): string | null {
    const req = parseCamreq(text);
    if (!req) return null;
    const file: CameraFile = {
      file: `${req.mediaType}${req.camera === "front" ? "Front" : "Rear"}` as CameraFile["file"],
      data: req.mediaType === "photo" ? this.photo : this.clip,
      meta: { trigger: "server_request", time: req.at, durationS: req.durationS, lat: position.lat, lon: position.lon },
    };
    this.upload([file], 1500);
    return "Camera request received";
  }

  /** A file the camera took on its own trigger (periodic photo, ignition). */
  periodic(position: { lat: number; lon: number }, delayMs: number) {
    this.upload(
      [
        {
          file: "photoFront",
          data: this.photo,
          meta: { trigger: "periodic", time: new Date(Date.now() + delayMs), durationS: 0, ...position },
        },
      ],
      delayMs,
    );
  }

  private upload(files: CameraFile[], delayMs: number) {
    this.busy = this.busy
      .then(async () => {
        await new Promise((r) => setTimeout(r, delayMs));
        const client = await DualCamClient.connect(this.port);
        try {
          await client.upload(this.imei, files, { timeoutMs: 10_000 });
        } finally {
          client.close();
        }
      })
      .catch((err) => this.log.debug({ err, imei: this.imei }, "demo camera upload failed"));
  }
}
