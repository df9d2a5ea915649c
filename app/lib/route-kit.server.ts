import { data, redirect } from "react-router";
import type { AppContext } from "../../server/context";
import { AppError } from "../../server/errors";
import { toErrorBody, type ErrorBody } from "../../server/error-body";
import type { Principal } from "../../server/modules/access/principal";
import type { Permission } from "../../server/modules/access/permissions";
import { parseListQuery } from "../../server/modules/shared/listing";
import { can } from "./permissions";

/** What Express hands to every loader and action (server/http/app.ts). */
export interface LoadContext {
  app: AppContext;
  principal: Principal | null;
  csrfToken: string;
  sessionToken: string | null;
  clientIp: string | null;
}

declare module "react-router" {
  interface AppLoadContext extends LoadContext {}
}

export function requireUser(context: LoadContext, request: Request): Principal {
  if (!context.principal) {
    const url = new URL(request.url);
    const next = url.pathname + url.search;
    throw redirect(next && next !== "/" ? `/login?next=${encodeURIComponent(next)}` : "/login");
  }
  return context.principal;
}

/** Page-level permission: a missing permission renders the 403 boundary instead of the page. */
export function requirePermission(context: LoadContext, request: Request, permission: Permission): Principal {
  const p = requireUser(context, request);
  if (!can(p, permission)) throw data({ error: "FORBIDDEN" }, { status: 403 });
  return p;
}

/** Reads a submitted form and checks its CSRF token against the visitor's CSRF cookie. */
export async function readForm(request: Request, context: LoadContext): Promise<FormData> {
  const form = await request.formData();
  if (form.get("_csrf") !== context.csrfToken) throw data({ error: "CSRF" }, { status: 403 });
  return form;
}

/**
 * Spec section 8: an HTTP 409 from an authenticated call shows an error notification titled with the answer's
 * `error`, its `message` as the body, and the status. Every action answer for a 409 carries it as `notice` (form
 * failures through app/lib/forms.server.ts, other answers through `refusal`); the root's NotificationsProvider shows
 * it for forms and fetchers alike (app/components/Notifications.tsx).
 */
export interface ConflictNotice {
  error: string;
  message: string;
  status: number;
}

export function conflictNotice(err: AppError | ErrorBody): { notice?: ConflictNotice } {
  const body = err instanceof AppError ? toErrorBody(err) : err;
  return body.status === 409 ? { notice: { error: body.error, message: body.message, status: body.status } } : {};
}

/** An action's answer to a service refusal outside the form helpers: `body` for the page, its status, the 409 notice. */
export function refusal<T extends object>(body: T, err: AppError) {
  return data<T & { notice?: ConflictNotice }>({ ...body, ...conflictNotice(err) }, { status: err.status });
}

export const listQueryFrom = (request: Request) => parseListQuery(new URL(request.url).searchParams);

export function idParam(value: string | undefined): string {
  if (!value || !/^[0-9a-f-]{36}$/i.test(value)) throw data({ error: "NOT_FOUND" }, { status: 404 });
  return value;
}

/** Runs a service call in a loader; NOT_FOUND and FORBIDDEN become the matching HTTP responses. */
export async function load<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof AppError) throw data({ error: err.code }, { status: err.status });
    throw err;
  }
}

/** A section's index: on to its default screen, keeping a chosen language (`?lng=`) so a shared link opens in it. */
export function indexRedirect(request: Request, to: string): Response {
  const lng = new URL(request.url).searchParams.get("lng");
  if (!lng) return redirect(to);
  const url = new URL(to, "http://flota.invalid");
  url.searchParams.set("lng", lng);
  return redirect(`${url.pathname}${url.search}`);
}

/** A list's parent path (e.g. `/tms/optimize`): on to the list at the spec's path (`/tms/optimize/list`), keeping the
 * whole query (`?lng=`, filters), since it is the same page under its canonical address. */
export function listRedirect(request: Request, to: string): Response {
  return redirect(`${to}${new URL(request.url).search}`);
}
