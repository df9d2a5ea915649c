import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useSearchParams } from "react-router";
import { CsrfInput } from "../../../components/forms";
import { DateField } from "../../../components/dates";
import { formFailure } from "../../../lib/form-failure";
import type { FormOptions } from "../maintenance.server";
import {
  DateInput,
  FormErrors,
  Select,
  SubmitRow,
  TextArea,
  TextInput,
  formState,
  useNumber,
  type FormState,
} from "./fields";
import { PartLines } from "./PartLines";

/** Vehicle and period filter over a records list (GET: works without JavaScript). */
export function RecordFilter({
  options,
  filter,
}: {
  options: FormOptions;
  filter: { vehicle_id?: string; from?: string; to?: string };
}) {
  const { t } = useTranslation("maintenance");
  return (
    <Form method="get" className="search-box" role="search">
      <select name="vehicle_id" defaultValue={filter.vehicle_id ?? ""} aria-label={t("fields.vehicle")}>
        <option value="">{t("filters.allVehicles")}</option>
        {options.vehicles.map((v) => (
          <option key={v.value} value={v.value}>
            {v.label}
          </option>
        ))}
      </select>
      <label>
        {t("fields.from")} <DateField name="from" defaultValue={filter.from ?? ""} />
      </label>
      <label>
        {t("fields.to")} <DateField name="to" defaultValue={filter.to ?? ""} />
      </label>
      <button type="submit" className="button">
        {t("common:actions.search")}
      </button>
    </Form>
  );
}

export interface ServiceRow {
  id: string;
  registration: string;
  service_type: string;
  completed_on: string;
  odometer_km: string | null;
  total_cost: number;
  supplier_name: string | null;
  odometer_disagrees: boolean;
  kind: string;
}

export function ServicesList(props: {
  items: ServiceRow[];
  filter: Record<string, string | undefined>;
  options: FormOptions;
  canWrite: boolean;
}) {
  const { t } = useTranslation("maintenance");
  const n = useNumber();
  const [params] = useSearchParams();
  return (
    <section>
      <header className="page-header">
        <h1>{t("services.title")}</h1>
        {props.canWrite && (
          <Link className="button primary" to="/maintenance/services/add">
            {t("services.add")}
          </Link>
        )}
      </header>
      {params.get("deleted") && (
        <div className="alert alert-success" role="status">
          {t("deleted")}
        </div>
      )}
      <RecordFilter options={props.options} filter={props.filter} />
      {!props.items.length ? (
        <p className="empty">{t("common:list.empty")}</p>
      ) : (
        <table className="table" data-testid="services-table">
          <thead>
            <tr>
              <th>{t("fields.completed_on")}</th>
              <th>{t("fields.vehicle")}</th>
              <th>{t("fields.service_type")}</th>
              <th>{t("fields.odometer")}</th>
              <th>{t("fields.supplier")}</th>
              <th>{t("services.total")}</th>
            </tr>
          </thead>
          <tbody>
            {props.items.map((s) => (
              <tr key={s.id}>
                <td>{s.completed_on}</td>
                <td>{s.registration}</td>
                <td>
                  <Link to={`/maintenance/services/${s.id}`}>{s.service_type}</Link>
                </td>
                <td>
                  {s.odometer_km === null ? "–" : n(s.odometer_km)}
                  {s.odometer_disagrees && (
                    <>
                      {" "}
                      <span className="maintenance-flag">{t("fuel.flags.odometer_disagrees")}</span>
                    </>
                  )}
                </td>
                <td>{s.supplier_name ?? "–"}</td>
                <td>{n(s.total_cost, 2)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** The page adding a service or fuel report: the vehicle chosen first, then the form (with files) and its fields. */
export function AddRecordPage({
  title,
  options,
  chosen,
  testId,
  children,
}: {
  title: string;
  options: FormOptions;
  chosen: string;
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation("maintenance");
  return (
    <section>
      <h1>{title}</h1>
      <VehiclePicker options={options} chosen={chosen} />
      <Form data-unsaved-guard method="post" encType="multipart/form-data" className="stack card" data-testid={testId}>
        <CsrfInput />
        <input type="hidden" name="intent" value="save" />
        {children}
        <SubmitRow label={t("common:actions.save")} />
      </Form>
    </section>
  );
}

/** Chooses the vehicle first (GET), so the odometer can be prefilled from telematics without JavaScript. */
export function VehiclePicker({ options, chosen }: { options: FormOptions; chosen: string }) {
  const { t } = useTranslation("maintenance");
  return (
    <Form method="get" className="search-box">
      <select name="vehicle_id" defaultValue={chosen} aria-label={t("fields.vehicle")}>
        <option value="">{t("none")}</option>
        {options.vehicles.map((v) => (
          <option key={v.value} value={v.value}>
            {v.label}
          </option>
        ))}
      </select>
      <button type="submit" className="button">
        {t("common:actions.continue")}
      </button>
    </Form>
  );
}

export function ServiceForm(props: {
  options: FormOptions;
  today: string;
  odometers: Record<string, number>;
  engineHours?: Record<string, number>;
  actionData: unknown;
}) {
  const { t } = useTranslation("maintenance");
  const [params] = useSearchParams();
  const chosen = params.get("vehicle_id") ?? "";
  const odometer = props.odometers[chosen];
  const hours = props.engineHours?.[chosen];
  const s = formState(
    {
      vehicle_id: chosen,
      completed_on: props.today,
      odometer_km: odometer === undefined ? "" : String(odometer),
      engine_hours: hours === undefined ? "" : String(hours),
    },
    formFailure(props.actionData, "save"),
  );
  return (
    <AddRecordPage title={t("services.add")} options={props.options} chosen={chosen} testId="service-form">
      <ServiceFields s={s} options={props.options} />
    </AddRecordPage>
  );
}

/** The fields of a service report (adding and editing). */
export function ServiceFields({ s, options }: { s: FormState; options: FormOptions }) {
  const { t } = useTranslation("maintenance");
  return (
    <>
      <FormErrors s={s} extra={["part_id", "part_quantity", "attachments"]} />
      <div className="form-grid">
        <Select s={s} name="vehicle_id" label={t("fields.vehicle")} required blank="" options={options.vehicles} />
        <TextInput s={s} name="service_type" label={t("fields.service_type")} required hint={t("hints.name")} />
        <DateInput s={s} name="completed_on" label={t("fields.completed_on")} required />
        <TextInput
          s={s}
          name="odometer_km"
          label={t("fields.odometer")}
          inputMode="decimal"
          hint={t("hints.odometer")}
        />
        <TextInput
          s={s}
          name="engine_hours"
          label={t("fields.engine_hours_reading")}
          inputMode="decimal"
          hint={t("hints.engine_hours")}
        />
        <TextInput s={s} name="cost" label={t("fields.cost")} inputMode="decimal" />
        <Select s={s} name="supplier_id" label={t("fields.supplier")} blank={t("none")} options={options.suppliers} />
      </div>
      <PartLines s={s} parts={options.parts} />
      <TextArea s={s} name="notes" label={t("fields.notes")} />
      <label>
        {t("fields.attachments")} <input type="file" name="attachments" multiple accept="image/*,application/pdf" />
      </label>
    </>
  );
}

/** The fields of a car wash (adding and editing). */
export function WashFields({ s, options }: { s: FormState; options: FormOptions }) {
  const { t } = useTranslation("maintenance");
  return (
    <>
      <FormErrors s={s} />
      <div className="form-grid">
        <Select s={s} name="vehicle_id" label={t("fields.vehicle")} required blank="" options={options.vehicles} />
        <Select
          s={s}
          name="service_type"
          label={t("fields.wash_type")}
          options={(["exterior", "interior", "full"] as const).map((k) => ({ value: k, label: t(`wash.types.${k}`) }))}
        />
        <DateInput s={s} name="completed_on" label={t("fields.date")} required />
        <TextInput s={s} name="cost" label={t("fields.cost")} inputMode="decimal" />
        <Select s={s} name="supplier_id" label={t("fields.supplier")} blank={t("none")} options={options.suppliers} />
      </div>
    </>
  );
}

export function WashPage(props: {
  items: ServiceRow[];
  filter: Record<string, string | undefined>;
  options: FormOptions;
  canWrite: boolean;
  today: string;
  actionData: unknown;
}) {
  const { t } = useTranslation("maintenance");
  const n = useNumber();
  const s = formState({ completed_on: props.today, service_type: "exterior" }, formFailure(props.actionData, "save"));
  const [params] = useSearchParams();
  return (
    <section>
      <h1>{t("wash.title")}</h1>
      {params.has("saved") && (
        <div className="alert alert-success" role="status">
          {t("flash.saved")}
        </div>
      )}
      {props.canWrite && (
        <Form data-unsaved-guard method="post" className="stack card" data-testid="wash-form">
          <CsrfInput />
          <input type="hidden" name="intent" value="save" />
          <WashFields s={s} options={props.options} />
          <SubmitRow label={t("wash.add")} />
        </Form>
      )}
      <RecordFilter options={props.options} filter={props.filter} />
      {!props.items.length ? (
        <p className="empty">{t("common:list.empty")}</p>
      ) : (
        <table className="table" data-testid="wash-table">
          <thead>
            <tr>
              <th>{t("fields.date")}</th>
              <th>{t("fields.vehicle")}</th>
              <th>{t("fields.wash_type")}</th>
              <th>{t("fields.supplier")}</th>
              <th>{t("fields.cost")}</th>
              {props.canWrite && <th />}
            </tr>
          </thead>
          <tbody>
            {props.items.map((w) => (
              <tr key={w.id}>
                <td>{w.completed_on}</td>
                <td>{w.registration}</td>
                <td>{t(`wash.types.${w.service_type}`, { defaultValue: w.service_type })}</td>
                <td>{w.supplier_name ?? "–"}</td>
                <td>{n(w.total_cost, 2)}</td>
                {props.canWrite && (
                  <td>
                    <Link to={`/maintenance/services/edit/${w.id}`}>{t("common:actions.edit")}</Link>
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
