export type Platform = "ios" | "android" | "unknown";

/** Decided on the server from the user agent (spec: badge per platform, none when unknown). */
export function detectPlatform(userAgent: string | null | undefined): Platform {
  const ua = userAgent ?? "";
  if (/iPhone|iPad|iPod/i.test(ua) || (/Macintosh/i.test(ua) && /Mobile\//i.test(ua))) return "ios";
  if (/Android/i.test(ua)) return "android";
  return "unknown";
}
