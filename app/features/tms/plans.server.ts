import { data, redirect } from "react-router";
import { AppError } from "../../../server/errors";
import { todayIn } from "../../../server/shared/dates";
import { orgTimeZone } from "../../../server/modules/organization";
import {
  ordersService,
  plansService as plans,
  runPlan,
  settingsService,
  type UnfitOrderDetail,
  planFormSchema,
} from "../../../server/modules/tms";
import { vehicleOptions } from "../../../server/modules/vehicles";
import { formAction, intent, parseTextFields } from "../../lib/forms.server";
import { can } from "../../lib/permissions";
import type { FormFailure } from "../../lib/form-failure";
import {
  conflictNotice,
  idParam,
  load,
  requirePermission,
  requireUser,
  type LoadContext,
} from "../../lib/route-kit.server";
import { mapConfigFrom } from "../../lib/map/basemap.server";

/** A posted form as a record; repeated fields (orders, truck) as lists. */
export function formRecord(form: FormData): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of new Set(form.keys())) {
    const all = form.getAll(key).filter((v): v is string => typeof v === "string");
    out[key] = key === "orders" || key === "truck" ? all : all[0];
  }
  return out;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export async function plansListLoader(context: LoadContext, request: Request) {
  const p = requirePermission(context, request, "tms:read");
  const list = await load(() => plans.listPlans(context.app, p));
  return {
    plans: list.map((x) => ({
      id: x.id,
      name: x.name,
      day: x.day,
      status: x.status,
      run_state: x.runState,
      trucks: x.trucks,
      orders: x.orders,
      dispatched: Boolean(x.dispatchedAt),
    })),
    canWrite: can(p, "tms:write"),
  };
}

/** What the plan form offers: depots, the user's vehicles as trucks, the day's unplanned pending orders. */
async function formOptions(
  context: LoadContext,
  p: ReturnType<typeof requireUser>,
  day: string,
  planId: string | null,
) {
  const [depots, vehicles, page] = await Promise.all([
    settingsService.listDepots(context.app, p),
    vehicleOptions(context.app, p),
    ordersService.listOrderRows(
      context.app,
      p,
      { q: "", page: 1, size: 200, dir: "asc", sort: "order_id" },
      { status: "PENDING", day },
    ),
  ]);
  // A page of 200 is the form's reach; larger days are planned through import + the API.
  const orders = page.items
    .filter((o) => !o.optimization_id || o.optimization_id === planId)
    .map((o) => ({
      id: o.id,
      order_id: o.order_id,
      customer_code: o.customer_code,
      customer_name: o.customer_name,
      region: o.region,
      packets: o.packets,
      weight: Number(o.weight),
      window: o.window_start !== null ? `${o.window_start}-${o.window_end}` : null,
      inPlan: o.optimization_id === planId && planId !== null,
    }));
  return {
    depots: depots.map((d) => ({ id: d.id, name: d.name })),
    vehicles: vehicles.map((v) => ({
      id: v.id,
      label: v.identifier_name ? `${v.registration} · ${v.identifier_name}` : v.registration,
      category: v.category,
    })),
    orders,
  };
}

export async function addPlanLoader(context: LoadContext, request: Request) {
  const p = requirePermission(context, request, "tms:write");
  const asked = new URL(request.url).searchParams.get("day") ?? "";
  const day = DAY.test(asked) ? asked : todayIn(await orgTimeZone(context.app, p.orgId));
  const [options, settings] = await Promise.all([
    formOptions(context, p, day, null),
    settingsService.getSettings(context.app, p),
  ]);
  return { day, weightUnit: settings.weight_unit, ...options };
}

export async function addPlanAction(context: LoadContext, request: Request) {
  const p = requirePermission(context, request, "tms:write");
  return formAction(
    { request, context },
    {
      // the schema makes a refusal (Conform's or the service's) come back with every field as typed
      save: intent({
        schema: planFormSchema,
        run: ({ form }) =>
          listingUnfit("save", form, async () => {
            const plan = await plans.createPlan(context.app, p, formRecord(form));
            return redirect(`/tms/optimize/edit/${plan.id}?created=1`);
          }),
      }),
    },
  );
}

export async function editPlanLoader(context: LoadContext, request: Request, rawId: string | undefined) {
  const p = requirePermission(context, request, "tms:read");
  const id = idParam(rawId);
  const details = await load(() => plans.planDetails(context.app, p, id));
  const { plan } = details;
  const [options, settings] = await Promise.all([
    formOptions(context, p, plan.day, plan.id),
    settingsService.getSettings(context.app, p),
  ]);
  const label = new Map(options.vehicles.map((v) => [v.id, v.label]));
  const canWrite = can(p, "tms:write");
  return {
    plan: {
      id: plan.id,
      name: plan.name,
      day: plan.day,
      depot_id: plan.depot_id,
      status: plan.status,
      run_state: plan.run_state,
      progress: plan.progress,
      dispatched: Boolean(plan.dispatched_at),
      hasResult: Boolean(plan.result),
    },
    trucks: details.trucks.map((t) => ({ ...t, label: label.get(t.vehicle_id) ?? t.vehicle_id.slice(0, 8) })),
    orders: details.orders.map((o) => ({
      id: o.id,
      order_id: o.order_id,
      customer_code: o.customer_code,
      customer_name: o.customer_name,
      packets: o.packets,
      weight: Number(o.weight),
      vehicle_id: o.vehicle_id,
      sequence: o.sequence,
      latitude: o.latitude,
      longitude: o.longitude,
    })),
    unassigned: plan.result?.unassigned ?? [],
    depot: details.depot
      ? { name: details.depot.name, latitude: details.depot.latitude, longitude: details.depot.longitude }
      : null,
    options,
    weightUnit: settings.weight_unit,
    canWrite,
    confirmDelete: canWrite && new URL(request.url).searchParams.get("delete") === "1",
    mapConfig: mapConfigFrom(context),
  };
}

/**
 * A plan refused because orders fit no truck (the service's ORDER_FITS_NO_TRUCK, on save and on run): the form
 * failure, every field as typed when the form was posted, and the orders with their reason for the page to list.
 */
function unfitRefusal(intentName: string, err: AppError, form: FormData | null) {
  const code = err.code;
  const reply = form
    ? parseTextFields(form, planFormSchema).reply({ formErrors: [code] })
    : { status: "error" as const, initialValue: null, error: { "": [code] } };
  return data<FormFailure & { unfit: UnfitOrderDetail[] }>(
    {
      ok: false,
      intent: intentName,
      code,
      status: err.status,
      reply,
      unfit: (err.details?.orders as UnfitOrderDetail[] | undefined) ?? [],
      ...conflictNotice(err),
    },
    { status: err.status },
  );
}

/** Runs a save or run; the plan refused for orders that fit no truck answers with them listed. */
async function listingUnfit<T>(intentName: string, form: FormData | null, act: () => Promise<T>) {
  try {
    return await act();
  } catch (err) {
    if (err instanceof AppError && err.code === "ORDER_FITS_NO_TRUCK") return unfitRefusal(intentName, err, form);
    throw err;
  }
}

export async function editPlanAction(context: LoadContext, request: Request, rawId: string | undefined) {
  const p = requireUser(context, request);
  const id = idParam(rawId);
  const back = (q: string) => redirect(`/tms/optimize/edit/${id}?${q}`);
  return formAction(
    { request, context },
    {
      // serviceParses: another organisation's plan is 404 before any validation
      save: intent({
        schema: planFormSchema,
        serviceParses: true,
        run: ({ form }) =>
          listingUnfit("save", form, async () => {
            await plans.updatePlan(context.app, p, id, formRecord(form));
            return back("saved=1");
          }),
      }),
      run: intent({
        run: () =>
          listingUnfit("run", null, async () => {
            await runPlan(context.app, p, id);
            return back("queued=1");
          }),
      }),
      move: intent({
        run: async ({ form }) => {
          await plans.moveOrder(context.app, p, id, formRecord(form));
          return back("moved=1");
        },
      }),
      complete: intent({
        run: async () => {
          await plans.completePlan(context.app, p, id);
          return back("completed=1");
        },
      }),
      delete: intent({
        run: async () => {
          await plans.deletePlan(context.app, p, id);
          return redirect("/tms/optimize/list?deleted=1");
        },
      }),
    },
  );
}
