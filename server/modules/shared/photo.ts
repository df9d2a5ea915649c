import type { Config } from "../../config";
import { AppError } from "../../errors";

export const PHOTO_TYPES = { "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp" } as const;
export type PhotoType = keyof typeof PHOTO_TYPES;

export interface UploadedPhoto {
  data: Buffer;
}

/** The type a photo's bytes say it is (what the phone claims is not trusted), or null for anything else. */
export function sniffPhotoType(data: Buffer): PhotoType | null {
  if (data.length > 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return "image/jpeg";
  if (data.length > 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return "image/png";
  if (data.length > 12 && data.toString("ascii", 0, 4) === "RIFF" && data.toString("ascii", 8, 12) === "WEBP")
    return "image/webp";
  return null;
}

/**
 * A photo taken on the phone (proof of delivery, a failed check item): JPEG, PNG or WebP by its bytes and at most
 * UPLOAD_MAX_IMAGE_BYTES, else IMAGE_INVALID on `field`.
 */
export function checkPhoto(config: Pick<Config, "UPLOAD_MAX_IMAGE_BYTES">, photo: UploadedPhoto, field: string) {
  const type = sniffPhotoType(photo.data);
  if (!type) throw new AppError("IMAGE_INVALID", "Photos must be JPEG, PNG or WebP", { field });
  if (photo.data.length > config.UPLOAD_MAX_IMAGE_BYTES)
    throw new AppError("IMAGE_INVALID", "Photo is too large", { field, maxBytes: config.UPLOAD_MAX_IMAGE_BYTES });
  return { type, ext: PHOTO_TYPES[type], data: photo.data };
}

/** The photo in a form field, if one was sent (an empty file input sends a nameless, empty file). */
export async function formPhoto(form: FormData, field: string): Promise<UploadedPhoto | null> {
  const f = form.get(field);
  if (!f || typeof f === "string" || f.size === 0) return null;
  return { data: Buffer.from(await f.arrayBuffer()) };
}
