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
    async remove(key: string): Promise<void> {
      await fs.rm(mediaPath(key), { force: true });
    },
    async removePartial(file: string): Promise<void> {
      await fs.rm(file, { force: true });
    },
  };
}
export type MediaStore = ReturnType<typeof mediaStore>;

export const mediaKey = (orgId: string, id: string, capturedAt: Date, mediaType: "photo" | "video") =>
  `${orgId}/${capturedAt.toISOString().slice(0, 7)}/${id}.${mediaType === "photo" ? "jpg" : "mp4"}`;

export const contentTypeOf = (mediaType: "photo" | "video") => (mediaType === "photo" ? "image/jpeg" : "video/mp4");
