import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import { DEVICE_PROTOCOLS } from "../../../../server/modules/vehicles/vehicles.schema";
import { CsrfInput, FormAlert } from "../../../components/forms";
import { RecordTable } from "../../../components/RecordTable";
import { FaultList } from "../components/VehicleState";
import { RefusedFrame } from "../components/RefusedFrame";
import { formatDateTime } from "../../../lib/map/time";
import { failureFields, formFailure } from "../../../lib/form-failure";
import { deviceFaultsAction, deviceFaultsLoader } from "../device-faults.server";
import type { Route } from "./+types/faults";
import "../../../styles/map.css";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

/** The new-vehicle form, prefilled with the device (the protocol only when the vehicle form offers it). */
function addVehicleHref(identifier: string, protocol: string): string {
  const query = new URLSearchParams({ device_imei: identifier });
  if ((DEVICE_PROTOCOLS as readonly string[]).includes(protocol)) query.set("device_protocol", protocol);
  return `/configuration/vehicles/add?${query}`;
}

export function loader({ request, context }: Route.LoaderArgs) {
  return deviceFaultsLoader(context, request);
}

export function action({ request, context }: Route.ActionArgs) {
  return deviceFaultsAction(context, request);
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
      <RecordTable
        testId="faults-table"
        rows={faults}
        rowKey={(f) => f.vehicleId}
        rowProps={(f) => ({ "data-vehicle-id": f.vehicleId })}
        empty={t("noFaults")}
        columns={[
          { header: t("vehicle"), cell: (f) => <Link to={`/manage?vehicle=${f.vehicleId}`}>{f.registration}</Link> },
          { header: t("device"), cell: (f) => f.deviceImei ?? "—" },
          { header: t("fault"), cell: (f) => <FaultList faults={f.faults} /> },
          {
            header: t("lastUpdate"),
            cell: (f) =>
              f.lastServerTime || f.fixTime ? formatDateTime(f.lastServerTime ?? f.fixTime, timeZone) : t("never"),
          },
        ]}
      />

      <section className="failing-devices" data-testid="failing-devices">
        <h2>{t("failing.title")}</h2>
        <p className="muted">{t("failing.intro")}</p>
        <RecordTable
          rows={failing}
          rowKey={(f) => `${f.vehicleId}-${f.protocol}`}
          rowProps={(f) => ({ "data-identifier": f.identifier })}
          empty={t("failing.none")}
          columns={[
            { header: t("vehicle"), cell: (f) => <Link to={`/manage?vehicle=${f.vehicleId}`}>{f.registration}</Link> },
            { header: t("device"), cell: (f) => <code>{f.identifier}</code> },
            { header: t("unknown.protocol"), cell: (f) => f.protocol },
            {
              header: t("frames.lastRefused"),
              cell: (f) => `${formatDateTime(f.refusedAt, timeZone)} (${t("frames.refusals", { count: f.refusals })})`,
            },
            { header: t("frames.why"), cell: (f) => <RefusedFrame frame={f} /> },
          ]}
        />
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
          <RecordTable
            rows={unknown}
            rowKey={(u) => `${u.identifier}-${u.protocol}`}
            rowProps={(u) => ({ "data-identifier": u.identifier })}
            empty={t("unknown.none")}
            columns={[
              { header: t("unknown.identifier"), cell: (u) => <code>{u.identifier}</code> },
              { header: t("unknown.protocol"), cell: (u) => u.protocol },
              { header: t("unknown.lastSeen"), cell: (u) => formatDateTime(u.lastSeen, timeZone) },
              { header: t("unknown.attempts"), cell: (u) => u.attempts },
              { header: t("frames.why"), cell: (u) => <RefusedFrame frame={u} /> },
              {
                header: t("unknown.attachTo"),
                cell: (u) => (
                  <>
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
                  </>
                ),
              },
            ]}
          />
        </section>
      )}
    </section>
  );
}
