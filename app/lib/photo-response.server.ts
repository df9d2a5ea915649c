import { buffer } from "node:stream/consumers";
import { data } from "react-router";

/** A stored photo as the answer (at most UPLOAD_MAX_IMAGE_BYTES, read whole); a file gone from the disk is 404. */
export async function photoResponse(photo: { type: string; stream: NodeJS.ReadableStream }) {
  let bytes: Buffer;
  try {
    bytes = await buffer(photo.stream);
  } catch {
    throw data({ error: "NOT_FOUND" }, { status: 404 });
  }
  return new Response(new Uint8Array(bytes), {
    headers: {
      "content-type": photo.type,
      "content-length": String(bytes.length),
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
      "content-disposition": "inline",
    },
  });
}
