import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { CsrfInput } from "../../../components/forms";
import { RecordTable } from "../../../components/RecordTable";
import { SettingsAlert } from "../components/SettingsParts";
import { poolVehiclesAction, poolVehiclesLoader } from "../car-sharing-settings.server";
import type { Route } from "./+types/settings-vehicles";

export const loader = ({ request, context }: Route.LoaderArgs) => poolVehiclesLoader(context, request);
export const action = ({ request, context }: Route.ActionArgs) => poolVehiclesAction(context, request);

/** Which vehicles are in the car-sharing pool, and each one's base (where a return completes the booking early). */
export default function PoolVehicles({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("carSharing");
  const { t: te } = useTranslation("errors");
  if (loaderData.loadFailed)
    return (
      <div className="alert alert-error" role="alert">
        {te("VEHICLES_LOAD_FAILED")}
      </div>
    );
  return (
    <Form data-unsaved-guard method="post" className="form" data-testid="pool-vehicles">
      <CsrfInput />
      {loaderData.saved && (
        <div className="alert alert-ok" role="status" data-testid="notice">
          {t("settings.saved")}
        </div>
      )}
      <SettingsAlert actionData={actionData} />
      <p className="muted">{t("settings.baseHint")}</p>
      <RecordTable
        rows={loaderData.vehicles}
        rowKey={(v) => v.id}
        columns={[
          {
            header: t("settings.inPool"),
            cell: (v) => (
              <input
                type="checkbox"
                name="vehicle_ids"
                value={v.id}
                defaultChecked={v.inPool}
                aria-label={v.registration}
              />
            ),
          },
          { header: t("settings.registration"), cell: (v) => v.registration },
          { header: t("settings.category"), cell: (v) => v.category },
          {
            header: t("settings.base"),
            cell: (v) => (
              <select
                name={`base_${v.id}`}
                defaultValue={v.basePlaceId ?? ""}
                aria-label={`${t("settings.base")} ${v.registration}`}
                data-testid="vehicle-base"
              >
                <option value="">{t("settings.noBase")}</option>
                {loaderData.geofences.map((g) => (
                  <option key={g.id} value={g.id}>
                    {g.name}
                  </option>
                ))}
              </select>
            ),
          },
        ]}
      />
      <div className="form-actions">
        <button type="submit" className="button primary" data-testid="settings-save">
          {t("settings.save")}
        </button>
      </div>
    </Form>
  );
}
