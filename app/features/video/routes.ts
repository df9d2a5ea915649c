import { index, prefix, route, type RouteConfigEntry } from "@react-router/dev/routes";

const page = (file: string) => `features/video/routes/${file}.tsx`;

/** Dashcam requests and uploads (spec: video list (default), details/{id}, search), inside the signed-in frame. */
export const videoPages: RouteConfigEntry[] = prefix("video", [
  index(page("index")),
  route("list", page("list")),
  route("details/:id", page("details")),
  route("search", page("search")),
]);

/** The media files themselves (range requests), outside the frame. */
export const videoFiles: RouteConfigEntry[] = [route("video/media/:id", page("media"))];
