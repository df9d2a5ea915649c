import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { CsrfInput, FormAlert } from "../../../components/forms";
import { formFailure } from "../../../lib/form-failure";
import { vehicleCheckAction, vehicleCheckLoader } from "../vehicle-check.server";
import type { Route } from "./+types/vehicle-check";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context }: Route.LoaderArgs) {
  return vehicleCheckLoader(context, request);
}

export function action({ request, context }: Route.ActionArgs) {
  return vehicleCheckAction(context, request);
}

/** The organisation's vehicle checklist and the latest checks with their problems (docs/driver-app.md). */
export default function VehicleCheckSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("vehicleCheck");
  const { items, newRows, canWrite, recent } = loaderData;
  const failed = formFailure(actionData, "save");
  const saved = actionData?.ok === true;
  const rows = [
    ...items,
    ...Array.from({ length: newRows }, () => ({ preset: null, label: "", photo: false, name: "" })),
  ];
  return (
    <section className="stack" data-testid="vehicle-check-settings">
      <h1>{t("settings.title")}</h1>
      <p className="muted">{t("settings.intro")}</p>
      {saved && (
        <div className="alert alert-ok" role="status" data-testid="notice">
          {t("settings.saved")}
        </div>
      )}
      <FormAlert code={failed?.code} />
      <Form method="post" className="stack card" data-testid="checklist-form" data-unsaved-guard>
        <CsrfInput />
        <input type="hidden" name="rows" value={rows.length} />
        <table className="table">
          <thead>
            <tr>
              <th>{t("settings.label")}</th>
              <th>{t("settings.photo")}</th>
              <th>{t("settings.remove")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, n) => (
              <tr key={n}>
                <td>
                  <input type="hidden" name={`preset_${n}`} value={row.preset ?? ""} />
                  <input
                    type="text"
                    name={`label_${n}`}
                    aria-label={row.name || t("settings.newItem")}
                    defaultValue={row.label}
                    placeholder={row.preset ? row.name : t("settings.newItem")}
                    maxLength={80}
                    disabled={!canWrite}
                  />
                  {row.preset && <small className="hint">{t("settings.presetHint", { name: row.name })}</small>}
                </td>
                <td>
                  <input
                    type="checkbox"
                    name={`photo_${n}`}
                    aria-label={t("settings.photo")}
                    defaultChecked={row.photo}
                    disabled={!canWrite}
                  />
                </td>
                <td>
                  {n < items.length && (
                    <input
                      type="checkbox"
                      name={`remove_${n}`}
                      aria-label={t("settings.remove")}
                      disabled={!canWrite}
                    />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {canWrite && (
          <div className="form-actions">
            <button type="submit" className="button primary" data-testid="save-checklist">
              {t("settings.save")}
            </button>
          </div>
        )}
      </Form>
      <h2>{t("settings.recent")}</h2>
      {recent.length === 0 ? (
        <p className="muted">{t("settings.none")}</p>
      ) : (
        <table className="table" data-testid="recent-checks">
          <thead>
            <tr>
              <th>{t("settings.day")}</th>
              <th>{t("settings.vehicle")}</th>
              <th>{t("settings.driver")}</th>
              <th>{t("settings.result")}</th>
            </tr>
          </thead>
          <tbody>
            {recent.map((c) => (
              <tr key={c.id}>
                <td>{c.day}</td>
                <td>{c.registration}</td>
                <td>{c.driver}</td>
                <td>
                  {c.passed
                    ? t("settings.passed")
                    : t("settings.failed", { items: c.failed.map((f) => f.name).join(", ") })}
                  {c.failed
                    .filter((f) => f.photo !== null)
                    .map((f) => (
                      <span key={f.photo}>
                        {" "}
                        <a href={`/maintenance/vehicle-checks/${c.id}/photos/${f.photo}`}>
                          {t("settings.photoLink")} ({f.name})
                        </a>
                      </span>
                    ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
