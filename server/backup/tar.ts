import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { Transform, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import tar from "tar-stream";

/** A pass-through that counts and hashes what flows through it. */
export function hashTap() {
  const hash = createHash("sha256");
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      hash.update(chunk);
      size += chunk.length;
      cb(null, chunk);
    },
  });
  return {
    stream,
    result: () => ({ size, sha256: hash.digest("hex") }),
    get size() {
      return size;
    },
  };
}

/** Adds one entry of a known size to a tar pack, from a readable; resolves with its size and SHA-256. */
export async function addEntry(pack: tar.Pack, name: string, size: number, source: Readable) {
  const tap = hashTap();
  await new Promise<void>((resolve, reject) => {
    const entry = pack.entry({ name, size, mode: 0o644, mtime: new Date() }, (err) => (err ? reject(err) : resolve()));
    pipeline(source, tap.stream, entry).catch(reject);
  });
  return tap.result();
}

/**
 * Calls `onEntry` for each entry of the archive in order; the entry's stream must be read to its end (or it is
 * drained here). Stops with the first error.
 */
export async function readArchive(
  file: string,
  onEntry: (name: string, size: number, stream: Readable) => Promise<void>,
): Promise<void> {
  const extract = tar.extract();
  const source = createReadStream(file);
  const feeding = pipeline(source, extract);
  try {
    for await (const entry of extract) {
      const { name, size, type } = entry.header;
      if (type !== "file") {
        entry.resume();
        continue;
      }
      // tar-stream's entries are streamx streams (no readableEnded): watch for their end
      let ended = false;
      const end = new Promise<void>((r) => entry.once("end", () => r()));
      void end.then(() => {
        ended = true;
      });
      await onEntry(name, size ?? 0, entry as unknown as Readable);
      if (!ended) {
        entry.resume();
        await end;
      }
    }
    await feeding;
  } catch (e) {
    source.destroy();
    await feeding.catch(() => {});
    throw e;
  }
}
