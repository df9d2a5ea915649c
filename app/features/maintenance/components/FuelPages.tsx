import { useTranslation } from "react-i18next";
import { Form, Link, useSearchParams } from "react-router";
import { CsrfInput, FormAlert } from "../../../components/forms";
import { ImportRefused, ImportUploadForm, type ImportRowError } from "../../../components/ImportPreview";
import { formFailure } from "../../../lib/form-failure";
import type { FormOptions } from "../maintenance.server";
import {
  Checkbox,
  DateInput,
  FormErrors,
  Select,
  TextArea,
  TextInput,
  formState,
  useNumber,
  type FormState,
} from "./fields";
import { AddRecordPage, RecordFilter } from "./RecordPages";

export interface FuelRow {
  id: string;
  registration: string;
  filled_on: string;
  liters: string;
  price: string;
  bill_number: string | null;
  odometer_km: string;
  engine_hours: string | null;
  full_tank: boolean;
  supplier_name: string | null;
  consumption: number | null;
  l_per_hour: number | null;
  flags: string[];
}

export function FuelList(props: {
  items: FuelRow[];
  filter: Record<string, string | undefined>;
  options: FormOptions;
  canWrite: boolean;
  imported: string | null;
  flash: string | null;
}) {
  const { t } = useTranslation("maintenance");
  const n = useNumber();
  return (
    <section>
      <header className="page-header">
        <h1>{t("fuel.title")}</h1>
        {props.canWrite && (
          <span>
            <Link className="button primary" to="/maintenance/fuel/add">
              {t("fuel.add")}
            </Link>{" "}
            <Link className="button" to="/maintenance/fuel/import">
              {t("fuel.import")}
            </Link>
          </span>
        )}
      </header>
      {props.imported && (
        <div className="alert alert-success" role="status">
          {t("fuel.imported", { count: Number(props.imported) })}
        </div>
      )}
      {props.flash && (
        <div className="alert alert-success" role="status">
          {t(props.flash === "deleted" ? "deleted" : "flash.saved")}
        </div>
      )}
      <RecordFilter options={props.options} filter={props.filter} />
      {!props.items.length ? (
        <p className="empty">{t("common:list.empty")}</p>
      ) : (
        <table className="table" data-testid="fuel-table">
          <thead>
            <tr>
              <th>{t("fields.date")}</th>
              <th>{t("fields.vehicle")}</th>
              <th>{t("fields.liters")}</th>
              <th>{t("fields.price")}</th>
              <th>{t("fields.odometer")}</th>
              <th>{t("fields.engine_hours")}</th>
              <th>{t("fields.full_tank")}</th>
              <th>{t("fuel.consumption")}</th>
              <th>{t("fuel.consumptionHours")}</th>
              <th>{t("fields.flags")}</th>
              <th>{t("fields.bill_number")}</th>
              <th>{t("fields.supplier")}</th>
              {props.canWrite && <th />}
            </tr>
          </thead>
          <tbody>
            {props.items.map((r) => (
              <tr key={r.id} data-flags={r.flags.join(" ")}>
                <td>{r.filled_on}</td>
                <td>{r.registration}</td>
                <td>{n(r.liters, 2)}</td>
                <td>{n(r.price, 2)}</td>
                <td>{n(r.odometer_km)}</td>
                <td data-testid="engine-hours">{r.engine_hours === null ? "–" : `${n(r.engine_hours, 1)} h`}</td>
                <td>{r.full_tank ? t("fuel.full") : t("fuel.partial")}</td>
                <td data-testid="consumption">{r.consumption === null ? "–" : n(r.consumption, 2)}</td>
                <td data-testid="consumption-hours">{r.l_per_hour === null ? "–" : n(r.l_per_hour, 2)}</td>
                <td>
                  {r.flags.map((f) => (
                    <span key={f} className="maintenance-flag">
                      {t(`fuel.flags.${f}`)}
                    </span>
                  ))}
                </td>
                <td>{r.bill_number ?? ""}</td>
                <td>{r.supplier_name ?? ""}</td>
                {props.canWrite && (
                  <td>
                    <Link to={`/maintenance/fuel/edit/${r.id}`}>{t("common:actions.edit")}</Link>
                    <Form method="post">
                      <CsrfInput />
                      <input type="hidden" name="intent" value="delete" />
                      <input type="hidden" name="id" value={r.id} />
                      <button type="submit" className="link-button">
                        {t("common:actions.delete")}
                      </button>
                    </Form>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

export function FuelForm(props: {
  options: FormOptions;
  today: string;
  odometers: Record<string, number>;
  actionData: unknown;
}) {
  const { t } = useTranslation("maintenance");
  const [params] = useSearchParams();
  const chosen = params.get("vehicle_id") ?? "";
  const odometer = props.odometers[chosen];
  const s = formState(
    {
      vehicle_id: chosen,
      filled_on: props.today,
      full_tank: true,
      odometer_km: odometer === undefined ? "" : String(odometer),
    },
    formFailure(props.actionData, "save"),
  );
  return (
    <AddRecordPage title={t("fuel.add")} options={props.options} chosen={chosen} testId="fuel-form">
      <FuelFields s={s} options={props.options} />
    </AddRecordPage>
  );
}

/** The fields of a fuel report (adding and editing). */
export function FuelFields({ s, options }: { s: FormState; options: FormOptions }) {
  const { t } = useTranslation("maintenance");
  return (
    <>
      <FormErrors s={s} extra={["attachments"]} />
      <div className="form-grid">
        <Select s={s} name="vehicle_id" label={t("fields.vehicle")} required blank="" options={options.vehicles} />
        <DateInput s={s} name="filled_on" label={t("fields.date")} required />
        <TextInput s={s} name="liters" label={t("fields.liters")} required inputMode="decimal" />
        <TextInput s={s} name="price" label={t("fields.price")} inputMode="decimal" />
        <TextInput
          s={s}
          name="odometer_km"
          label={t("fields.odometer")}
          required
          inputMode="decimal"
          hint={t("hints.odometer")}
        />
        <TextInput
          s={s}
          name="engine_hours"
          label={t("fields.engine_hours_reading")}
          inputMode="decimal"
          hint={t("fuel.engineHoursHint")}
        />
        <TextInput s={s} name="bill_number" label={t("fields.bill_number")} />
        <Select s={s} name="supplier_id" label={t("fields.supplier")} blank={t("none")} options={options.suppliers} />
      </div>
      {/* offered once a lower odometer was refused (server-rendered, works without JavaScript) */}
      {(s.code === "ODOMETER_BELOW_PREVIOUS" || s.values.confirm_odometer) && (
        <Checkbox s={s} name="confirm_odometer" label={t("fuel.confirmOdometer")} />
      )}
      <Checkbox s={s} name="full_tank" label={t("fields.full_tank")} />
      <TextArea s={s} name="notes" label={t("fields.notes")} />
      <label>
        {t("fields.attachments")} <input type="file" name="attachments" multiple accept="image/*,application/pdf" />
      </label>
    </>
  );
}

export function FuelImport({ actionData }: { actionData: unknown }) {
  const { t } = useTranslation("maintenance");
  const rowErrors = (actionData as { rowErrors?: ImportRowError[] } | undefined)?.rowErrors;
  const failure = formFailure(actionData, "import");
  return (
    <section>
      <h1>{t("fuel.import")}</h1>
      <p className="hint">{t("fuel.importHint")}</p>
      <FormAlert code={failure?.code ?? null} />
      {rowErrors && (
        <ImportRefused
          title={t("fuel.rowErrors")}
          errors={rowErrors}
          line={(e) => t("fuel.row", { row: e.row, message: e.message })}
        />
      )}
      <ImportUploadForm
        intent="import"
        accept=".csv,text/csv"
        fileLabel={t("fields.file")}
        uploadLabel={t("fuel.importButton")}
      />
    </section>
  );
}
