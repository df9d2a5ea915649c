import type { AppContext } from "../../context";
import { mediaStore } from "./media-store";
import { emitVideoOutcome } from "./video-events";
import { videoRepo } from "./video.repo";

/** A request sent to the device whose upload has not started within this long has timed out. */
export const REQUEST_TIMEOUT_MIN = 30;
/** An upload that made no progress for this long (camera gone for good) is a transfer error. */
export const UPLOAD_STALL_HOURS = 24;

/** Times out forgotten requests and stalled uploads, and deletes media past the organisation's retention (files, then rows). */
export async function sweepVideo(ctx: AppContext, now: Date) {
  const { timedOut, stalled } = await ctx.db.transaction().execute(async (trx) => {
    const timedOut = await videoRepo.timeOutRequests(trx, new Date(now.getTime() - REQUEST_TIMEOUT_MIN * 60_000), now);
    const stalled = await videoRepo.failStalledUploads(
      trx,
      new Date(now.getTime() - UPLOAD_STALL_HOURS * 3600_000),
      now,
    );
    for (const m of [...timedOut, ...stalled]) await emitVideoOutcome(trx, m);
    return { timedOut, stalled };
  });
  const store = mediaStore(ctx.config);
  let deleted = 0;
  for (;;) {
    const batch = await videoRepo.expired(ctx.db, now, 500);
    if (batch.length === 0) break;
    for (const m of batch) if (m.file_key) await store.remove(m.file_key);
    await videoRepo.deleteMedia(
      ctx.db,
      batch.map((m) => m.id),
    );
    deleted += batch.length;
    if (batch.length < 500) break;
  }
  return { timedOut: timedOut.length, stalled: stalled.length, deleted };
}
