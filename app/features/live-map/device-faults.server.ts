import {
  attachUnknownDevice,
  devicesPolicy,
  listDeviceFaults,
  listFailingDevices,
  listUnknownDevices,
} from "../../../server/modules/devices";
import { vehicleOptions } from "../../../server/modules/vehicles";
import { formAction, intent } from "../../lib/forms.server";
import { orgTimeZone } from "../../lib/map/time.server";
import { load, requirePermission, type LoadContext } from "../../lib/route-kit.server";

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

/** The vehicles' device faults, failing devices and (for an operator's administrator) the unknown devices. */
export async function deviceFaultsLoader(context: LoadContext, request: Request) {
  const p = requirePermission(context, request, "manage:read");
  const isAdmin = devicesPolicy.canManageUnknown(p);
  const [faults, failing, unknown, vehicles, timeZone] = await Promise.all([
    load(() => listDeviceFaults(context.app, p)),
    load(() => listFailingDevices(context.app, p)),
    isAdmin ? load(() => listUnknownDevices(context.app, p)) : Promise.resolve(null),
    isAdmin ? vehicleOptions(context.app, p) : Promise.resolve([]),
    orgTimeZone(context.app, p),
  ]);
  return {
    faults,
    failing: failing.map((f) => ({ ...f, refusedAt: iso(f.refusedAt) })),
    unknown: unknown?.map((u) => ({ ...u, firstSeen: iso(u.firstSeen), lastSeen: iso(u.lastSeen) })) ?? null,
    vehicles: vehicles.map((v) => ({ id: v.id, registration: v.registration })),
    timeZone,
  };
}

/** Attaches an unknown device to a vehicle. */
export async function deviceFaultsAction(context: LoadContext, request: Request) {
  const p = requirePermission(context, request, "vehicles:write");
  return formAction(
    { request, context },
    {
      save: intent({
        run: async ({ form }) => {
          const identifier = String(form.get("identifier") ?? "");
          const vehicleId = String(form.get("vehicleId") ?? "");
          const attached = await attachUnknownDevice(context.app, p, { identifier, vehicleId });
          const vehicles = await vehicleOptions(context.app, p);
          return {
            ok: true as const,
            identifier: attached.identifier,
            registration: vehicles.find((v) => v.id === vehicleId)?.registration ?? "",
          };
        },
      }),
    },
  );
}
