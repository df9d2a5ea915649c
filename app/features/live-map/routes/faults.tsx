import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import { devicesPolicy } from "../../../../server/modules/devices/devices.policy";
import {
  attachUnknownDevice,
  listDeviceFaults,
  listFailingDevices,
  listUnknownDevices,
} from "../../../../server/modules/devices/devices.service";
import { DEVICE_PROTOCOLS } from "../../../../server/modules/vehicles/vehicles.schema";
import { vehicleOptions } from "../../../../server/modules/vehicles/vehicles.service";
import { CsrfInput, FormAlert } from "../../../components/forms";
import { FaultList } from "../components/VehicleState";
import { RefusedFrame } from "../components/RefusedFrame";
import { formatDateTime } from "../../../lib/map/time";
import { orgTimeZone } from "../../../lib/map/time.server";
import { failureFields, formFailure } from "../../../lib/form-failure";
import { formAction, intent } from "../../../lib/forms.server";
import { load, requirePermission } from "../../../lib/route-kit.server";
import type { Route } from "./+types/faults";
import "../../../styles/map.css";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

/** The new-vehicle form, prefilled with the device (the protocol only when the vehicle form offers it). */
function addVehicleHref(identifier: string, protocol: string): string {
  const query = new URLSearchParams({ device_imei: identifier });
  if ((DEVICE_PROTOCOLS as readonly string[]).includes(protocol)) query.set("device_protocol", protocol);
  return `/configuration/vehicles/add?${query}`;
}

export async function loader({ request, context }: Route.LoaderArgs) {
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

export async function action({ request, context }: Route.ActionArgs) {
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

export default function DeviceFaults({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("devices");
  const navigation = useNavigation();
  const { faults, failing, unknown, vehicles, timeZone } = loaderData;
  const failure = formFailure(actionData);
  return (
    <section>
      <header className="page-header">
        <h1>{t("faultsTitle")}</h1>
        <p>
          <Link to="/manage">{t("back")}</Link>
        </p>
      </header>
      <p className="muted">{t("faultsIntro")}</p>
      <table className="table" data-testid="faults-table">
        <thead>
          <tr>
            <th>{t("vehicle")}</th>
            <th>{t("device")}</th>
            <th>{t("fault")}</th>
            <th>{t("lastUpdate")}</th>
          </tr>
        </thead>
        <tbody>
          {faults.map((f) => (
            <tr key={f.vehicleId} data-vehicle-id={f.vehicleId}>
              <td>
                <Link to={`/manage?vehicle=${f.vehicleId}`}>{f.registration}</Link>
              </td>
              <td>{f.deviceImei ?? "—"}</td>
              <td>
                <FaultList faults={f.faults} />
              </td>
              <td>
                {f.lastServerTime || f.fixTime ? formatDateTime(f.lastServerTime ?? f.fixTime, timeZone) : t("never")}
              </td>
            </tr>
          ))}
          {faults.length === 0 && (
            <tr>
              <td colSpan={4} className="muted">
                {t("noFaults")}
              </td>
            </tr>
          )}
        </tbody>
      </table>

      <section className="failing-devices" data-testid="failing-devices">
        <h2>{t("failing.title")}</h2>
        <p className="muted">{t("failing.intro")}</p>
        <table className="table">
          <thead>
            <tr>
              <th>{t("vehicle")}</th>
              <th>{t("device")}</th>
              <th>{t("unknown.protocol")}</th>
              <th>{t("frames.lastRefused")}</th>
              <th>{t("frames.why")}</th>
            </tr>
          </thead>
          <tbody>
            {failing.map((f) => (
              <tr key={`${f.vehicleId}-${f.protocol}`} data-identifier={f.identifier}>
                <td>
                  <Link to={`/manage?vehicle=${f.vehicleId}`}>{f.registration}</Link>
                </td>
                <td>
                  <code>{f.identifier}</code>
                </td>
                <td>{f.protocol}</td>
                <td>
                  {formatDateTime(f.refusedAt, timeZone)} ({t("frames.refusals", { count: f.refusals })})
                </td>
                <td>
                  <RefusedFrame frame={f} />
                </td>
              </tr>
            ))}
            {failing.length === 0 && (
              <tr>
                <td colSpan={5} className="muted">
                  {t("failing.none")}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </section>

      {unknown && (
        <section className="unknown-devices" data-testid="unknown-devices">
          <h2>{t("unknown.title")}</h2>
          <p className="muted">{t("unknown.intro")}</p>
          {actionData?.ok === true && (
            <p className="alert alert-ok" role="status">
              {t("unknown.attached", { identifier: actionData.identifier, registration: actionData.registration })}
            </p>
          )}
          {failure && <FormAlert code={failure.code} fields={failureFields(failure)} />}
          <table className="table">
            <thead>
              <tr>
                <th>{t("unknown.identifier")}</th>
                <th>{t("unknown.protocol")}</th>
                <th>{t("unknown.lastSeen")}</th>
                <th>{t("unknown.attempts")}</th>
                <th>{t("frames.why")}</th>
                <th>{t("unknown.attachTo")}</th>
              </tr>
            </thead>
            <tbody>
              {unknown.map((u) => (
                <tr key={`${u.identifier}-${u.protocol}`} data-identifier={u.identifier}>
                  <td>
                    <code>{u.identifier}</code>
                  </td>
                  <td>{u.protocol}</td>
                  <td>{formatDateTime(u.lastSeen, timeZone)}</td>
                  <td>{u.attempts}</td>
                  <td>
                    <RefusedFrame frame={u} />
                  </td>
                  <td>
                    <p>
                      <Link
                        className="button"
                        to={addVehicleHref(u.identifier, u.protocol)}
                        data-testid="add-as-vehicle"
                      >
                        {t("unknown.addVehicle")}
                      </Link>
                    </p>
                    <Form data-unsaved-guard method="post" className="inline-form">
                      <CsrfInput />
                      <input type="hidden" name="identifier" value={u.identifier} />
                      <select name="vehicleId" required aria-label={t("unknown.attachTo")}>
                        <option value="">{t("unknown.choose")}</option>
                        {vehicles.map((v) => (
                          <option key={v.id} value={v.id}>
                            {v.registration}
                          </option>
                        ))}
                      </select>{" "}
                      <button type="submit" className="button" disabled={navigation.state !== "idle"}>
                        {t("unknown.attach")}
                      </button>
                    </Form>
                  </td>
                </tr>
              ))}
              {unknown.length === 0 && (
                <tr>
                  <td colSpan={6} className="muted">
                    {t("unknown.none")}
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </section>
      )}
    </section>
  );
}
