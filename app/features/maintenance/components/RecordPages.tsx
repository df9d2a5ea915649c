import type { ReactNode } from "react";
import { FormPage } from "../../../components/FormPage";
import { ListPage, Notice } from "../../../components/ListPage";
import { RecordTable } from "../../../components/RecordTable";
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
    <ListPage
      title={t("services.title")}
      add={props.canWrite && { to: "/maintenance/services/add", label: t("services.add") }}
      notices={params.get("deleted") && <Notice tone="success">{t("deleted")}</Notice>}
      filters={<RecordFilter options={props.options} filter={props.filter} />}
    >
      <RecordTable
        testId="services-table"
        rows={props.items}
        rowKey={(s) => s.id}
        empty={t("common:list.empty")}
        emptyAlone={{ className: "empty" }}
        columns={[
          { header: t("fields.completed_on"), cell: (s) => s.completed_on },
          { header: t("fields.vehicle"), cell: (s) => s.registration },
          {
            header: t("fields.service_type"),
            cell: (s) => <Link to={`/maintenance/services/${s.id}`}>{s.service_type}</Link>,
          },
          {
            header: t("fields.odometer"),
            cell: (s) => (
              <>
                {s.odometer_km === null ? "–" : n(s.odometer_km)}
                {s.odometer_disagrees && (
                  <>
                    {" "}
                    <span className="maintenance-flag">{t("fuel.flags.odometer_disagrees")}</span>
                  </>
                )}
              </>
            ),
          },
          { header: t("fields.supplier"), cell: (s) => s.supplier_name ?? "–" },
          { header: t("services.total"), cell: (s) => n(s.total_cost, 2) },
        ]}
      />
    </ListPage>
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
    <FormPage title={title}>
      <VehiclePicker options={options} chosen={chosen} />
      <Form data-unsaved-guard method="post" encType="multipart/form-data" className="stack card" data-testid={testId}>
        <CsrfInput />
        <input type="hidden" name="intent" value="save" />
        {children}
        <SubmitRow label={t("common:actions.save")} />
      </Form>
    </FormPage>
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
      <RecordTable
        testId="wash-table"
        rows={props.items}
        rowKey={(w) => w.id}
        empty={t("common:list.empty")}
        emptyAlone={{ className: "empty" }}
        columns={[
          { header: t("fields.date"), cell: (w) => w.completed_on },
          { header: t("fields.vehicle"), cell: (w) => w.registration },
          {
            header: t("fields.wash_type"),
            cell: (w) => t(`wash.types.${w.service_type}`, { defaultValue: w.service_type }),
          },
          { header: t("fields.supplier"), cell: (w) => w.supplier_name ?? "–" },
          { header: t("fields.cost"), cell: (w) => n(w.total_cost, 2) },
        ]}
        actions={
          props.canWrite && {
            header: t("common:list.actions"),
            render: (w) => [
              { kind: "link", to: `/maintenance/services/edit/${w.id}`, label: t("common:actions.edit") },
            ],
          }
        }
      />
    </section>
  );
}
