import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import type { Config } from "../../config";

/**
 * Media files on disk, outside the database: `<root>/media/<org>/<yyyy-mm>/<id>.<ext>` for committed files and
 * `<root>/partial/` for transfers in progress. The root is FLOTA_STORAGE_DIR, else `<data dir>/storage`.
 */
export function mediaStore(config: Pick<Config, "dataDir" | "FLOTA_STORAGE_DIR">) {
  const root = path.resolve(config.FLOTA_STORAGE_DIR ?? path.join(config.dataDir, "storage"));
  const mediaPath = (key: string) => {
    const full = path.resolve(root, "media", key);
    if (!full.startsWith(path.join(root, "media") + path.sep)) throw new Error("media key outside the storage folder");
    return full;
  };
  return {
    root,
    partialPath(deviceId: string, filePath: string): string {
      const safe = `${deviceId}-${filePath}`.replace(/[^A-Za-z0-9_.-]/g, "_");
      return path.join(root, "partial", `${safe}.part`);
    },
    async preparePartial(file: string, keepBytes: number): Promise<void> {
      await fs.mkdir(path.dirname(file), { recursive: true });
      const handle = await fs.open(file, "a");
      try {
        await handle.truncate(keepBytes);
      } finally {
        await handle.close();
      }
    },
    /** Size and SHA-256 of a finished partial file. */
    async digest(file: string): Promise<{ size: number; sha256: string }> {
      const hash = createHash("sha256");
      let size = 0;
      for await (const chunk of createReadStream(file)) {
        hash.update(chunk as Buffer);
        size += (chunk as Buffer).length;
      }
      return { size, sha256: hash.digest("hex") };
    },
    async commit(partial: string, key: string): Promise<void> {
      const target = mediaPath(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.rename(partial, target);
    },
    async write(key: string, data: Buffer): Promise<void> {
      const target = mediaPath(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.writeFile(target, data);
    },
    async size(key: string): Promise<number | null> {
      try {
        return (await fs.stat(mediaPath(key))).size;
      } catch {
        return null;
      }
    },
    read(key: string, range?: { start: number; end: number }) {
      return createReadStream(mediaPath(key), range);
    },
    async head(file: string, n = 16): Promise<Buffer> {
      const h = await fs.open(file, "r");
      try {
        const b = Buffer.alloc(n);
        const { bytesRead } = await h.read(b, 0, n, 0);
        return b.subarray(0, bytesRead);
      } finally {
        await h.close();
      }
    },
    async remove(key: string): Promise<void> {
      await fs.rm(mediaPath(key), { force: true });
    },
    async removePartial(file: string): Promise<void> {
      await fs.rm(file, { force: true });
    },
  };
}
export type MediaStore = ReturnType<typeof mediaStore>;

const EXTENSIONS: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "video/mp4": "mp4",
  "video/h265": "h265",
  "application/octet-stream": "bin",
};

export const mediaKey = (
  orgId: string,
  id: string,
  capturedAt: Date,
  mediaType: "photo" | "video",
  contentType?: string,
) =>
  `${orgId}/${capturedAt.toISOString().slice(0, 7)}/${id}.${contentType ? (EXTENSIONS[contentType] ?? "bin") : mediaType === "photo" ? "jpg" : "mp4"}`;

export const extensionOf = (contentType: string | null) => (contentType ? (EXTENSIONS[contentType] ?? "bin") : "bin");

/** What a file is, from its first bytes: DualCam photos are JPEG, clips MP4 (or raw H.265); the demo camera sends PNG. */
export function sniffContentType(head: Buffer, mediaType: "photo" | "video"): string {
  if (head[0] === 0xff && head[1] === 0xd8) return "image/jpeg";
  if (head.subarray(0, 4).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47]))) return "image/png";
  if (head.subarray(4, 8).toString("ascii") === "ftyp") return "video/mp4";
  if (mediaType === "video" && head[0] === 0 && head[1] === 0 && (head[2] === 1 || (head[2] === 0 && head[3] === 1)))
    return "video/h265";
  return "application/octet-stream";
}
