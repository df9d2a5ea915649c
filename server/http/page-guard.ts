import type { ServerBuild } from "react-router";
import { AppError } from "../errors";
import { toErrorBody } from "../error-body";
import { entryNulFields, nulFields, nulRefusal } from "./request-text";

/**
 * The one place where the pages' input is checked before a loader or action sees it: every route module's `loader`
 * and `action` of the web build is wrapped (createHttpApp hands React Router the guarded build).
 *
 * - A text of the URL (a query parameter, a route parameter) holding a NUL: 400 VALIDATION naming it.
 * - An action's form: `request.formData()`, the one way actions read their body (readForm in app/lib, the phone's
 *   /driver/queue), reads it as before, once the action asks (after its own size checks), and refuses a body that
 *   is not a form (415 UNSUPPORTED_MEDIA_TYPE), a form that cannot be read (400 BODY_UNREADABLE: a multipart body
 *   whose boundary is not the announced one) and a text field holding a NUL (400 VALIDATION naming the field).
 *
 * Each refusal is thrown as a JSON Response with the API's error body (error, message, status, fields), so React
 * Router answers it with its status: the error page in the user's language for a page (app/components/ErrorContent.tsx
 * shows the code and the fields), the same body for a single-fetch request, the JSON itself for a resource route.
 */
export function guardPageBuild(build: ServerBuild): ServerBuild {
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    if (!route) continue;
    const { loader, action } = route.module;
    routes[id] = {
      ...route,
      module: {
        ...route.module,
        ...(loader ? { loader: (args: Parameters<typeof loader>[0]) => (refuseUrlTexts(args), loader(args)) } : {}),
        ...(action
          ? {
              action: (args: Parameters<typeof action>[0]) => {
                refuseUrlTexts(args);
                guardFormReading(args.request);
                return action(args);
              },
            }
          : {}),
      },
    };
  }
  return { ...build, routes };
}

/** The guarded build for createHttpApp's `build` (a build, or a function giving one per request in development). */
export function guardedBuild(build: ServerBuild | (() => Promise<ServerBuild>)) {
  if (typeof build !== "function") return guardPageBuild(build);
  let last: { from: ServerBuild; to: ServerBuild } | null = null;
  return async () => {
    const from = await build();
    if (last?.from !== from) last = { from, to: guardPageBuild(from) };
    return last.to;
  };
}

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

function refuse(err: AppError): never {
  const body = toErrorBody(err);
  throw Response.json(body, { status: body.status, headers: { "Cache-Control": "no-store" } });
}

function refuseUrlTexts(args: { request: Request; params: Record<string, string | undefined> }) {
  const query = new URL(args.request.url).searchParams;
  const refusal = nulRefusal({ ...nulFields(args.params), ...entryNulFields(query) });
  if (refusal) refuse(refusal);
}

/** The action's `request.formData()`, checked: the form as before, or one of the refusals above. */
function guardFormReading(request: Request) {
  const read = request.formData.bind(request);
  Object.defineProperty(request, "formData", {
    configurable: true,
    value: async () => {
      // a second read is the action's own mistake: the platform's error, not the client's
      if (request.bodyUsed) return read();
      const type = (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
      if (!FORM_TYPES.has(type))
        refuse(new AppError("UNSUPPORTED_MEDIA_TYPE", "This page accepts a form (urlencoded or multipart) only"));
      let form: FormData;
      try {
        form = await read();
      } catch {
        refuse(new AppError("BODY_UNREADABLE", "The form could not be read"));
      }
      const refusal = nulRefusal(entryNulFields(form));
      if (refusal) refuse(refusal);
      return form;
    },
  });
}
