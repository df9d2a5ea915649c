/**
 * Spec sections 8 and 9: a script chunk that has not loaded after 120 seconds fails ("Something went wrong!" with
 * an offer to reload) instead of leaving the page waiting. Browser tests shorten the limit by setting
 * window.__flotaChunkTimeoutMs before the page loads.
 */
export const CHUNK_TIMEOUT_MS = 120_000;

declare global {
  interface Window {
    __flotaChunkTimeoutMs?: number;
  }
}

export function chunkTimeoutMs(): number {
  const override = typeof window === "undefined" ? undefined : window.__flotaChunkTimeoutMs;
  return typeof override === "number" && override > 0 ? override : CHUNK_TIMEOUT_MS;
}

export class ChunkLoadTimeoutError extends Error {
  /** `href`: the address to reload (the page the user was going to). */
  constructor(readonly href: string) {
    super("A script chunk did not load in time");
    this.name = "ChunkLoadTimeoutError";
  }
}

export const isChunkLoadTimeout = (err: unknown): err is ChunkLoadTimeoutError =>
  err instanceof Error && err.name === "ChunkLoadTimeoutError";

/** Rejects with ChunkLoadTimeoutError when `load` (a dynamic import) has not settled in time. */
export function withChunkTimeout<T>(load: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = window.setTimeout(() => reject(new ChunkLoadTimeoutError(window.location.href)), chunkTimeoutMs());
    load.then(
      (value) => {
        window.clearTimeout(timer);
        resolve(value);
      },
      (err: unknown) => {
        window.clearTimeout(timer);
        reject(err);
      },
    );
  });
}
