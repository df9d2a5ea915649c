import { redirect } from "react-router";
import {
  videoService as video,
  footageRequestSchema,
  mediaFilterSchema,
  retentionSchema,
} from "../../../server/modules/video";
import { geofenceOptions } from "../../../server/modules/places";
import { formAction, intent } from "../../lib/forms.server";
import { mapConfigFrom } from "../../lib/map/basemap.server";
import { orgTimeZone } from "../../lib/map/time.server";
import { can } from "../../lib/permissions";
import type { Principal } from "../../../server/modules/access/principal";
import { idParam, load, readForm, requirePermission, type LoadContext } from "../../lib/route-kit.server";

const filterFrom = (request: Request) => mediaFilterSchema.parse(Object.fromEntries(new URL(request.url).searchParams));

/** /video (list) and /video/search: the filtered items, the vehicles with a camera, the request form's defaults. */
export async function listLoader(context: LoadContext, request: Request, mode: "list" | "search") {
  const p = requirePermission(context, request, "video:read");
  const url = new URL(request.url);
  const filter = filterFrom(request);
  const [page, vehicles, timeZone, geofences, retention] = await Promise.all([
    load(() => video.listMedia(context.app, p, filter)),
    video.cameraVehicles(context.app, p),
    orgTimeZone(context.app, p),
    mode === "search" && can(p, "places:read") ? geofenceOptions(context.app, p.orgId) : Promise.resolve([]),
    video.getRetention(context.app, p),
  ]);
  return {
    page,
    vehicles,
    timeZone,
    geofences,
    canRequest: can(p, "video:request"),
    retentionDays: retention.retentionDays,
    canSettings: can(p, "settings:write"),
    retentionSaved: url.searchParams.get("retention") === "saved",
    // "request photo / clip around this moment" links from the live map, replay and the alert log
    prefill: {
      vehicleId: url.searchParams.get("request") ?? "",
      mediaType: url.searchParams.get("mediaType") === "video" ? "video" : "photo",
      at: url.searchParams.get("at") ?? "",
    },
    created: url.searchParams.get("created") === "1",
  };
}

export async function requestAction(context: LoadContext, request: Request) {
  const form = await readForm(request, context);
  if (form.get("intent") === "retention") {
    const p = requirePermission(context, request, "settings:write");
    return formAction(
      { request, context, form },
      {
        retention: intent({
          schema: retentionSchema,
          run: async ({ value }) => {
            await video.setRetention(context.app, p, value);
            return redirect("/video/list?retention=saved");
          },
        }),
      },
    );
  }
  const p = requirePermission(context, request, "video:request");
  return formAction(
    { request, context, form },
    {
      save: intent({
        schema: footageRequestSchema,
        run: async ({ value }) => {
          const m = await video.requestFootage(context.app, p, value);
          return redirect(`/video/details/${m.id}?created=1`);
        },
      }),
    },
  );
}

export async function detailsLoader(context: LoadContext, request: Request, rawId: string | undefined) {
  const p = requirePermission(context, request, "video:read");
  const id = idParam(rawId);
  const [media, track, timeZone] = await Promise.all([
    load(() => video.getMedia(context.app, p, id)),
    load(() => video.trackAround(context.app, p, id)),
    orgTimeZone(context.app, p),
  ]);
  return {
    media,
    track,
    timeZone,
    mapConfig: mapConfigFrom(context),
    canRequest: can(p, "video:request"),
    created: new URL(request.url).searchParams.get("created") === "1",
  };
}

/** The file, inline or as a download, with byte ranges so clips play and seek. */
export async function mediaLoader(context: LoadContext, request: Request, rawId: string | undefined) {
  const p = requirePermission(context, request, "video:read");
  const file = await load(() => video.mediaFile(context.app, p, idParam(rawId)));
  const url = new URL(request.url);
  const disposition = url.searchParams.get("download") === "1" ? `attachment; filename="${file.fileName}"` : "inline";
  const headers: Record<string, string> = {
    "Content-Type": file.contentType,
    "Accept-Ranges": "bytes",
    "Cache-Control": "private, max-age=3600",
    "Content-Disposition": disposition,
    "X-Content-Type-Options": "nosniff",
  };
  if (file.sha256) headers.ETag = `"${file.sha256}"`;
  const range = parseRange(request.headers.get("range"), file.size);
  if (range === "invalid") {
    return new Response(null, { status: 416, headers: { ...headers, "Content-Range": `bytes */${file.size}` } });
  }
  const body = (r?: { start: number; end: number }) => streamOf(file.read(r));
  if (range) {
    return new Response(body(range), {
      status: 206,
      headers: {
        ...headers,
        "Content-Length": String(range.end - range.start + 1),
        "Content-Range": `bytes ${range.start}-${range.end}/${file.size}`,
      },
    });
  }
  return new Response(body(), { status: 200, headers: { ...headers, "Content-Length": String(file.size) } });
}

/** One `bytes=a-b`, `bytes=a-` or `bytes=-n` range; null without a header; "invalid" when unsatisfiable. */
export function parseRange(header: string | null, size: number): { start: number; end: number } | null | "invalid" {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === "" && m[2] === "")) return "invalid";
  let start: number;
  let end: number;
  if (m[1] === "") {
    const n = Number(m[2]);
    if (n === 0) return "invalid";
    start = Math.max(0, size - n);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === "" ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start >= size || end < start) return "invalid";
  return { start, end };
}

function streamOf(stream: NodeJS.ReadableStream): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      stream.on("data", (chunk) => controller.enqueue(new Uint8Array(chunk as Buffer)));
      stream.on("end", () => controller.close());
      stream.on("error", (err) => controller.error(err));
    },
    cancel() {
      (stream as unknown as { destroy?: () => void }).destroy?.();
    },
  });
}

/** For the alert log, live map and replay: footage per alert and the vehicles with a camera (null without video:read). */
export async function footageLinks(context: LoadContext, p: Principal, alertIds: readonly string[]) {
  if (!can(p, "video:read")) return null;
  const [media, cameras] = await Promise.all([
    video.mediaForAlerts(context.app, p, alertIds),
    video.cameraVehicles(context.app, p),
  ]);
  return {
    byAlert: Object.fromEntries(media.filter((m) => m.alert_id).map((m) => [m.alert_id!, m.id])) as Record<
      string,
      string
    >,
    cameraVehicles: cameras.map((c) => c.id),
    canRequest: can(p, "video:request"),
  };
}
