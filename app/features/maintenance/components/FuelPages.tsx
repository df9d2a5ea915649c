import { useTranslation } from "react-i18next";
import { FormPage } from "../../../components/FormPage";
import { Link, useSearchParams } from "react-router";
import { FormAlert } from "../../../components/forms";
import { ListPage, Notice } from "../../../components/ListPage";
import { RecordTable } from "../../../components/RecordTable";
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
  const dash = (v: string | number | null, digits: number, unit = "") => (v === null ? "–" : `${n(v, digits)}${unit}`);
  return (
    <ListPage
      title={t("fuel.title")}
      add={props.canWrite && { to: "/maintenance/fuel/add", label: t("fuel.add") }}
      actions={
        props.canWrite && (
          <Link className="button" to="/maintenance/fuel/import">
            {t("fuel.import")}
          </Link>
        )
      }
      notices={
        <>
          {props.imported && <Notice tone="success">{t("fuel.imported", { count: Number(props.imported) })}</Notice>}
          {props.flash && <Notice tone="success">{t(props.flash === "deleted" ? "deleted" : "flash.saved")}</Notice>}
        </>
      }
      filters={<RecordFilter options={props.options} filter={props.filter} />}
    >
      <RecordTable
        testId="fuel-table"
        rows={props.items}
        rowKey={(r) => r.id}
        rowProps={(r) => ({ "data-flags": r.flags.join(" ") })}
        empty={t("common:list.empty")}
        emptyAlone={{ className: "empty" }}
        columns={[
          { header: t("fields.date"), cell: (r) => r.filled_on },
          { header: t("fields.vehicle"), cell: (r) => r.registration },
          { header: t("fields.liters"), cell: (r) => n(r.liters, 2) },
          { header: t("fields.price"), cell: (r) => n(r.price, 2) },
          { header: t("fields.odometer"), cell: (r) => n(r.odometer_km) },
          {
            header: t("fields.engine_hours"),

            cell: (r) => dash(r.engine_hours, 1, " h"),
            cellProps: () => ({ "data-testid": "engine-hours" }),
          },
          { header: t("fields.full_tank"), cell: (r) => (r.full_tank ? t("fuel.full") : t("fuel.partial")) },
          {
            header: t("fuel.consumption"),

            cell: (r) => dash(r.consumption, 2),
            cellProps: () => ({ "data-testid": "consumption" }),
          },
          {
            header: t("fuel.consumptionHours"),

            cell: (r) => dash(r.l_per_hour, 2),
            cellProps: () => ({ "data-testid": "consumption-hours" }),
          },
          {
            header: t("fields.flags"),
            cell: (r) =>
              r.flags.map((f) => (
                <span key={f} className="maintenance-flag">
                  {t(`fuel.flags.${f}`)}
                </span>
              )),
          },
          { header: t("fields.bill_number"), cell: (r) => r.bill_number ?? "" },
          { header: t("fields.supplier"), cell: (r) => r.supplier_name ?? "" },
        ]}
        actions={
          props.canWrite && {
            header: t("common:list.actions"),
            render: (r) => [
              { kind: "link", to: `/maintenance/fuel/edit/${r.id}`, label: t("common:actions.edit") },
              { kind: "delete", fields: { intent: "delete", id: r.id }, label: t("common:actions.delete") },
            ],
          }
        }
      />
    </ListPage>
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
    <FormPage title={t("fuel.import")}>
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
    </FormPage>
  );
}
