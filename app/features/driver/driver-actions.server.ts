import { AppError } from "../../../server/errors";
import { toErrorBody } from "../../../server/error-body";
import type { Principal } from "../../../server/modules/access/principal";
import { attendanceService as attendance, fieldService as field } from "../../../server/modules/route-planning";
import type { AppContext } from "../../../server/context";
import { getFixedT, resolveLanguage } from "../../i18n/i18n.server";
import type { LoadContext } from "../../lib/route-kit.server";
import { data } from "react-router";

/**
 * The driver's actions, one place for the page's plain forms (no JavaScript), the phone's queue of actions made
 * offline (/driver/queue) and online submits with JavaScript. Each calls the same route-planning service as the
 * API (/api/route-planning/my/*): the radius, the threshold, self-assignment and made_at bounds live there.
 */
export const DRIVER_ACTIONS = ["check-in", "check-out", "day-start", "day-end", "assign"] as const;
export type DriverAction = (typeof DRIVER_ACTIONS)[number];
/** What may be made offline and sent later: taking a job needs the live list of free jobs, so it is online only. */
export const QUEUEABLE_ACTIONS: readonly DriverAction[] = ["check-in", "check-out", "day-start", "day-end"];

/** Pages that answer the queue themselves (their own action URL): the vehicle check and the proof of delivery. */
export type PageAction = "vehicle-check" | "proof-of-delivery";
export type QueueKind = DriverAction | PageAction;

export const isDriverAction = (v: unknown): v is DriverAction =>
  typeof v === "string" && (DRIVER_ACTIONS as readonly string[]).includes(v);

export type ActionStatus = "applied" | "conflict" | "refused";

/** The answer the page and the queue show: what happened, in the driver's language. */
export interface ActionResult {
  status: ActionStatus;
  action: QueueKind;
  jobId: string | null;
  code: string | null;
  message: string;
  madeAt: string | null;
}

const text = (form: FormData, key: string) => {
  const v = form.get(key);
  return typeof v === "string" && v.trim() !== "" ? v.trim() : undefined;
};

function jobIdOf(form: FormData): string {
  const id = text(form, "job_id");
  if (!id || !/^[0-9a-f-]{36}$/i.test(id)) throw new AppError("NOT_FOUND", "No such job");
  return id;
}

async function run(ctx: AppContext, p: Principal, action: DriverAction, form: FormData) {
  const position = { latitude: text(form, "latitude"), longitude: text(form, "longitude") };
  const madeAt = text(form, "made_at");
  switch (action) {
    case "check-in":
      return field.phoneCheckIn(ctx, p, jobIdOf(form), { ...position, made_at: madeAt });
    case "check-out":
      return field.phoneCheckOut(ctx, p, jobIdOf(form), { ...position, made_at: madeAt });
    case "day-start":
      return attendance.startWorkingDay(ctx, p, {
        ...(position.latitude !== undefined ? { latitude: Number(position.latitude) } : {}),
        ...(position.longitude !== undefined ? { longitude: Number(position.longitude) } : {}),
        made_at: madeAt,
      });
    case "day-end":
      return attendance.endWorkingDay(ctx, p, new Date(), { made_at: madeAt });
    case "assign":
      return field.selfAssign(ctx, p, jobIdOf(form), position);
  }
}

/**
 * A refusal is a conflict when the world changed under the driver (the job reassigned, taken, already checked in,
 * the day already started): 409, or NOT_YOUR_JOB / NOT_FOUND for a job they had. Anything else the driver sent wrong
 * (beyond the radius, before the threshold, a time out of bounds) is "refused". Neither is ever dropped silently: both are shown.
 */
const CONFLICTS = new Set([
  "NOT_YOUR_JOB",
  "NOT_FOUND",
  "JOB_STATE",
  "JOB_TAKEN",
  "DAY_ALREADY_STARTED",
  "DAY_NOT_STARTED",
]);

/** Runs one driver action and answers its result; errors other than refusals (a crash) are thrown. */
export function applyDriverAction(
  context: LoadContext,
  request: Request,
  p: Principal,
  action: DriverAction,
  form: FormData,
): Promise<{ result: ActionResult; httpStatus: number }> {
  return answerAction(request, p, action, form, () => run(context.app, p, action, form), CONFLICTS);
}

/**
 * Runs `apply` and answers its result in the queue's shape: applied, or a refusal that is a conflict when its code
 * is in `conflicts` (the world changed meanwhile) and "refused" otherwise, with the reason in the driver's language.
 * Errors other than refusals (a crash) are thrown.
 */
export async function answerAction(
  request: Request,
  p: Principal,
  action: QueueKind,
  form: FormData,
  apply: () => Promise<unknown>,
  conflicts: ReadonlySet<string>,
): Promise<{ result: ActionResult; httpStatus: number }> {
  const t = await getFixedT(resolveLanguage(request, p.language), ["driver", "errors"]);
  const jobId = text(form, "job_id") ?? null;
  const madeAt = text(form, "made_at") ?? null;
  const label = t(`driver:queue.actions.${action}`);
  try {
    await apply();
    return {
      result: { status: "applied", action, jobId, code: null, message: t(`driver:result.applied.${action}`), madeAt },
      httpStatus: 200,
    };
  } catch (err) {
    const body = toErrorBody(err);
    if (body.status >= 500) throw err;
    const status: ActionStatus = conflicts.has(body.error) ? "conflict" : "refused";
    // the services state the distance in the user's language for the radius refusals; the rest is translated here
    const own = body.error === "CHECKIN_TOO_FAR" || body.error === "CHECKOUT_TOO_FAR";
    const reason =
      body.error === "NOT_YOUR_JOB" && madeAt
        ? t("driver:result.reassigned", { action: label })
        : own
          ? body.message
          : t(`errors:${body.error}`, {
              ...(body.details ?? {}),
              defaultValue: t("errors:generic"),
            });
    return {
      result: {
        status,
        action,
        jobId,
        code: body.error,
        message: t("driver:result.conflict", { message: reason }),
        madeAt,
      },
      httpStatus: body.status,
    };
  }
}

/** The page's own forms (no JavaScript): the result for the page with its status. */
export async function driverFormAction(context: LoadContext, request: Request, p: Principal, form: FormData) {
  const action = form.get("intent");
  if (!isDriverAction(action)) throw data({ error: "VALIDATION" }, { status: 400 });
  const { result, httpStatus } = await applyDriverAction(context, request, p, action, form);
  return data({ result }, { status: httpStatus });
}
