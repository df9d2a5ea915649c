import { redirect } from "react-router";
import { deliveringList, deliveringPdf, dispatchBoard, plansService, fromMinutes } from "../../../server/modules/tms";
import { orgTimeZone } from "../../../server/modules/organization";
import { formatInstant, formatInstantTime } from "../../../server/shared/dates";
import { getFixedT, resolveLanguage } from "../../i18n/i18n.server";
import { formAction, intent } from "../../lib/forms.server";
import { can } from "../../lib/permissions";
import { idParam, load, requirePermission, requireUser, type LoadContext } from "../../lib/route-kit.server";

export async function dispatchLoader(context: LoadContext, request: Request) {
  const p = requirePermission(context, request, "tms:read");
  const [boards, tz] = await Promise.all([
    load(() => dispatchBoard(context.app, p)),
    orgTimeZone(context.app, p.orgId),
  ]);
  return {
    plans: boards.map((b) => ({
      ...b,
      dispatched_at: b.dispatched_at ? formatInstant(b.dispatched_at, tz) : null,
      trucks: b.trucks.map((t) => ({
        ...t,
        position: t.position
          ? { lat: t.position.lat, lon: t.position.lon, at: t.position.at ? formatInstant(t.position.at, tz) : null }
          : null,
        stops: t.stops.map((s) => ({
          ...s,
          eta: s.eta ? formatInstantTime(s.eta, tz) : null,
          finished_at: s.finished_at ? formatInstantTime(s.finished_at, tz) : null,
        })),
      })),
    })),
    canWrite: can(p, "tms:write"),
  };
}

export async function dispatchAction(context: LoadContext, request: Request) {
  const p = requireUser(context, request);
  return formAction(
    { request, context },
    {
      dispatch: intent({
        run: async ({ form }) => {
          await plansService.dispatchPlan(context.app, p, idParam(String(form.get("plan") ?? "")));
          return redirect("/tms/dispatch?dispatched=1");
        },
      }),
    },
  );
}

export async function deliveringLoader(
  context: LoadContext,
  request: Request,
  rawId: string | undefined,
  rawVehicle: string | undefined,
) {
  const p = requirePermission(context, request, "tms:read");
  const [list, tz] = await Promise.all([
    load(() => deliveringList(context.app, p, idParam(rawId), idParam(rawVehicle))),
    orgTimeZone(context.app, p.orgId),
  ]);
  return {
    ...list,
    stops: list.stops.map((s) => ({
      ...s,
      eta: s.eta ? formatInstantTime(s.eta, tz) : null,
      window: s.window_start !== null ? `${fromMinutes(s.window_start)}–${fromMinutes(s.window_end)}` : null,
    })),
  };
}

export async function deliveringPdfLoader(
  context: LoadContext,
  request: Request,
  rawId: string | undefined,
  rawVehicle: string | undefined,
) {
  const p = requirePermission(context, request, "tms:read");
  const list = await load(() => deliveringList(context.app, p, idParam(rawId), idParam(rawVehicle)));
  const t = await getFixedT(resolveLanguage(request, p.language), ["tms", "common"]);
  const pdf = await deliveringPdf(
    list,
    {
      title: t("delivering.title"),
      stop: t("delivering.stop"),
      orderId: t("order.fields.order_id"),
      customer: t("delivering.customer"),
      address: t("order.fields.address"),
      packets: t("order.fields.packets"),
      weight: t("order.fields.weight"),
      window: t("order.fields.window_start"),
      notes: t("order.fields.notes"),
      total: t("delivering.total"),
      signature: t("delivering.signature"),
      eta: t("order.fields.eta"),
    },
    await orgTimeZone(context.app, p.orgId),
  );
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="delivering-${list.plan.day}-${list.truck.label.replace(/[^\w-]+/g, "_")}.pdf"`,
      "Cache-Control": "no-store",
    },
  });
}
