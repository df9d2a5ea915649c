import { useTranslation } from "react-i18next";
import { Form, useSearchParams } from "react-router";
import { CsrfInput, Field, FormAlert } from "../../../components/forms";
import { TimeField } from "../../../components/dates";
import { failureFields, failureValues, formFailure } from "../../../lib/form-failure";
import { PACKET_UNITS, WEIGHT_UNITS } from "../../../../server/modules/tms/tms.schema";
import { settingsAction, settingsLoader } from "../settings.server";
import type { Route } from "./+types/settings";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context }: Route.LoaderArgs) {
  return settingsLoader(context, request);
}

export function action({ request, context }: Route.ActionArgs) {
  return settingsAction(context, request);
}

const NOTICES = {
  saved: "settings.saved",
  depotAdded: "settings.depotAdded",
  depotDeleted: "settings.depotDeleted",
  revoked: "settings.revokedNotice",
} as const;

/** Depots, default service time per stop, capacity units, the working-day window, the optimiser's limit, API keys. */
export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("tms");
  const [params] = useSearchParams();
  const { values, depots, apiKeys, canWrite, canAdmin } = loaderData;
  const failure = formFailure(actionData);
  const errors = failureFields(failure);
  const typed = (failure?.intent === "save" ? failureValues(failure) : null) as Record<string, string> | null;
  const v = (k: keyof typeof values) => typed?.[k] ?? String(values[k]);
  const newKey =
    actionData && typeof actionData === "object" && "newKey" in actionData ? String(actionData.newKey) : null;
  const notice = (Object.keys(NOTICES) as Array<keyof typeof NOTICES>).find((k) => params.has(k));
  const number = (name: "service_minutes" | "time_limit_s" | "arrival_radius_m", hint?: string) => (
    <Field
      label={t(`settings.${name}`)}
      name={name}
      errors={failure?.intent === "save" ? errors[name] : null}
      required
      hint={hint}
    >
      <input id={name} name={name} type="text" inputMode="numeric" defaultValue={v(name)} />
    </Field>
  );
  return (
    <section className="stack">
      <header className="page-header">
        <h1>{t("settings.title")}</h1>
      </header>
      {notice && !actionData && (
        <div className="alert alert-ok" role="status" data-testid="notice">
          {t(NOTICES[notice])}
        </div>
      )}
      <Form data-unsaved-guard method="post" className="card stack" data-testid="settings-form">
        <CsrfInput />
        <input type="hidden" name="intent" value="save" />
        <h2>{t("settings.general")}</h2>
        <FormAlert code={failure?.intent === "save" ? failure.code : null} fields={errors} />
        <fieldset disabled={!canWrite} className="form-grid">
          {number("service_minutes")}
          <Field label={t("settings.weight_unit")} name="weight_unit">
            <select id="weight_unit" name="weight_unit" defaultValue={v("weight_unit")}>
              {WEIGHT_UNITS.map((u) => (
                <option key={u} value={u}>
                  {t(`settings.units.${u}`)}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t("settings.packet_unit")} name="packet_unit">
            <select id="packet_unit" name="packet_unit" defaultValue={v("packet_unit")}>
              {PACKET_UNITS.map((u) => (
                <option key={u} value={u}>
                  {t(`settings.units.${u}`)}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t("settings.window_start")} name="window_start" errors={errors.window_start} required>
            <TimeField id="window_start" name="window_start" defaultValue={v("window_start")} />
          </Field>
          <Field label={t("settings.window_end")} name="window_end" errors={errors.window_end} required>
            <TimeField id="window_end" name="window_end" defaultValue={v("window_end")} />
          </Field>
          {number("time_limit_s")}
          {number("arrival_radius_m", t("settings.arrivalHint"))}
        </fieldset>
        {canWrite && (
          <div className="form-actions">
            <button type="submit" className="button primary" data-testid="settings-save">
              {t("common:actions.save")}
            </button>
          </div>
        )}
      </Form>

      <section className="card stack" data-testid="depots">
        <h2>{t("settings.depots")}</h2>
        {failure && (failure.intent === "addDepot" || failure.intent === "deleteDepot") && (
          <FormAlert code={failure.code} fields={errors} />
        )}
        {depots.length === 0 ? (
          <p className="muted">{t("settings.noDepots")}</p>
        ) : (
          <table className="table compact">
            <thead>
              <tr>
                <th>{t("settings.depotName")}</th>
                <th>{t("order.fields.latitude")}</th>
                <th>{t("order.fields.longitude")}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {depots.map((d) => (
                <tr key={d.id}>
                  <td>{d.name}</td>
                  <td>{d.latitude}</td>
                  <td>{d.longitude}</td>
                  <td>
                    {canWrite && (
                      <Form method="post">
                        <CsrfInput />
                        <input type="hidden" name="intent" value="deleteDepot" />
                        <input type="hidden" name="depot" value={d.id} />
                        <button type="submit" className="button small danger">
                          {t("common:actions.delete")}
                        </button>
                      </Form>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {canWrite && (
          <Form data-unsaved-guard method="post" className="tms-filters">
            <CsrfInput />
            <input type="hidden" name="intent" value="addDepot" />
            <label>
              <span>{t("settings.depotName")}</span>
              <input name="name" type="text" />
            </label>
            <label>
              <span>{t("order.fields.latitude")}</span>
              <input name="latitude" type="text" inputMode="decimal" size={10} />
            </label>
            <label>
              <span>{t("order.fields.longitude")}</span>
              <input name="longitude" type="text" inputMode="decimal" size={10} />
            </label>
            <button type="submit" className="button" data-testid="add-depot">
              {t("settings.addDepot")}
            </button>
          </Form>
        )}
      </section>

      {canAdmin && (
        <section className="card stack" data-testid="api-keys">
          <h2>{t("settings.apiKeys")}</h2>
          <p className="muted">{t("settings.apiKeysIntro")}</p>
          {newKey && (
            <div className="alert alert-ok" role="status">
              {t("settings.newKey")} <code data-testid="new-key">{newKey}</code>
            </div>
          )}
          {apiKeys.length === 0 ? (
            <p className="muted">{t("settings.noKeys")}</p>
          ) : (
            <table className="table compact">
              <thead>
                <tr>
                  <th>{t("settings.keyName")}</th>
                  <th>ID</th>
                  <th>{t("settings.created")}</th>
                  <th>{t("settings.lastUsed")}</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {apiKeys.map((k) => (
                  <tr key={k.id} data-revoked={k.revoked}>
                    <td>{k.name}</td>
                    <td>
                      <code>flk_{k.prefix}_…</code>
                    </td>
                    <td>{k.created_at}</td>
                    <td>{k.last_used_at ?? t("common:none")}</td>
                    <td>
                      {k.revoked ? (
                        t("settings.revoked")
                      ) : (
                        <Form method="post">
                          <CsrfInput />
                          <input type="hidden" name="intent" value="revokeKey" />
                          <input type="hidden" name="key" value={k.id} />
                          <button type="submit" className="button small danger" data-testid="revoke-key">
                            {t("settings.revoke")}
                          </button>
                        </Form>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <Form data-unsaved-guard method="post" className="tms-filters">
            <CsrfInput />
            <input type="hidden" name="intent" value="createKey" />
            <label>
              <span>{t("settings.keyName")}</span>
              <input name="name" type="text" />
            </label>
            <button type="submit" className="button" data-testid="create-key">
              {t("settings.createKey")}
            </button>
          </Form>
        </section>
      )}
    </section>
  );
}
