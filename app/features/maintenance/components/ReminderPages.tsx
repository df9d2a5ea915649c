import { useTranslation } from "react-i18next";
import { Form, Link, useSearchParams } from "react-router";
import { SearchBox } from "../../../components/ListControls";
import { ListPage, Notice } from "../../../components/ListPage";
import { RecordTable } from "../../../components/RecordTable";
import { CsrfInput } from "../../../components/forms";
import { formFailure } from "../../../lib/form-failure";
import type { ReminderDto } from "../../../../server/modules/maintenance";
import type { FormOptions } from "../maintenance.server";
import {
  Checkbox,
  DateInput,
  FormErrors,
  Select,
  SubmitRow,
  TextArea,
  TextInput,
  formState,
  useNumber,
  type Values,
} from "./fields";
import { PartLines } from "./PartLines";

/** Engine hours with a tenth only when there is one ("250", "12.5"). */
export const hoursText = (n: ReturnType<typeof useNumber>, v: number) => n(v, Number.isInteger(v) ? 0 : 1);

/** How far a reminder is from due: "in 12 days", "overdue by 3 days", "in 800 km", "overdue by 120 km", "overdue by 5 h". */
export function DueText({ r }: { r: Pick<ReminderDto, "days_left" | "km_left" | "hours_left"> }) {
  const { t } = useTranslation("maintenance");
  const n = useNumber();
  const parts: string[] = [];
  if (r.days_left !== null)
    parts.push(
      r.days_left < 0 ? t("due.overdueDays", { count: -r.days_left }) : t("due.inDays", { count: r.days_left }),
    );
  if (r.km_left !== null)
    parts.push(r.km_left < 0 ? t("due.overdueKm", { km: n(-r.km_left) }) : t("due.inKm", { km: n(r.km_left) }));
  if (r.hours_left !== null)
    parts.push(
      r.hours_left < 0
        ? t("due.overdueHours", { hours: hoursText(n, -r.hours_left) })
        : t("due.inHours", { hours: hoursText(n, r.hours_left) }),
    );
  return <>{parts.join(" · ")}</>;
}

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation("maintenance");
  return (
    <span className={`maintenance-status maintenance-status-${status}`} data-testid="reminder-status">
      {t(`status.${status}`)}
    </span>
  );
}

export function RemindersList(props: {
  page: { items: ReminderDto[]; total: number; page: number; pages: number; counts: Record<string, number> };
  filter: { vehicle_id?: string; team_id?: string; kind?: string; status?: string };
  options: FormOptions;
  canWrite: boolean;
}) {
  const { t } = useTranslation("maintenance");
  const n = useNumber();
  const [params] = useSearchParams();
  const created = params.get("created");
  const joined = (parts: Array<string | null | 0 | undefined>, sep: string) => parts.filter(Boolean).join(sep);
  return (
    <ListPage
      title={t("reminders.title")}
      add={props.canWrite && { to: "/maintenance/reminders/add", label: t("reminders.add") }}
      notices={
        <>
          {created && <Notice tone="success">{t("reminders.created", { count: Number(created) || 1 })}</Notice>}
          {params.get("deleted") && <Notice tone="success">{t("deleted")}</Notice>}
        </>
      }
      filters={
        <>
          <p className="maintenance-counts" data-testid="reminder-counts">
            {(["overdue", "due", "due_soon", "ok"] as const).map((s) => (
              <span key={s}>
                <StatusBadge status={s} /> {props.page.counts[s] ?? 0}{" "}
              </span>
            ))}
          </p>
          <SearchBox>
            <select name="vehicle_id" defaultValue={props.filter.vehicle_id ?? ""} aria-label={t("fields.vehicle")}>
              <option value="">{t("filters.allVehicles")}</option>
              {props.options.vehicles.map((v) => (
                <option key={v.value} value={v.value}>
                  {v.label}
                </option>
              ))}
            </select>
            <select name="team_id" defaultValue={props.filter.team_id ?? ""} aria-label={t("fields.team")}>
              <option value="">{t("filters.allTeams")}</option>
              {props.options.teams.map((v) => (
                <option key={v.value} value={v.value}>
                  {v.label}
                </option>
              ))}
            </select>
            <select name="kind" defaultValue={props.filter.kind ?? ""} aria-label={t("fields.kind")}>
              <option value="">{t("filters.allKinds")}</option>
              {(["regular", "obligatory"] as const).map((k) => (
                <option key={k} value={k}>
                  {t(`kinds.${k}`)}
                </option>
              ))}
            </select>
            <select name="status" defaultValue={props.filter.status ?? ""} aria-label={t("fields.status")}>
              <option value="">{t("filters.allStatuses")}</option>
              {(["overdue", "due", "due_soon", "ok", "inactive", "done"] as const).map((k) => (
                <option key={k} value={k}>
                  {t(`status.${k}`)}
                </option>
              ))}
            </select>
          </SearchBox>
        </>
      }
      page={props.page}
    >
      <RecordTable
        testId="reminders-table"
        rows={props.page.items}
        rowKey={(r) => r.id}
        rowProps={(r) => ({ "data-status": r.status })}
        empty={t("common:list.empty")}
        emptyAlone={{ className: "empty" }}
        columns={[
          { header: t("fields.status"), cell: (r) => <StatusBadge status={r.status} /> },
          { header: t("fields.name"), cell: (r) => <Link to={`/maintenance/reminders/edit/${r.id}`}>{r.name}</Link> },
          { header: t("fields.vehicle"), cell: (r) => r.registration },
          { header: t("fields.kind"), cell: (r) => t(`kinds.${r.kind}`) },
          {
            header: t("fields.interval"),
            cell: (r) =>
              joined(
                [
                  r.interval_days ? t("every.days", { count: r.interval_days }) : null,
                  r.interval_km ? t("every.km", { km: n(r.interval_km) }) : null,
                  r.interval_hours ? t("every.hours", { hours: n(r.interval_hours) }) : null,
                ],
                " / ",
              ),
          },
          {
            header: t("fields.due"),
            cell: (r) => (
              <>
                {joined(
                  [
                    r.due_date,
                    r.due_km !== null ? `${n(r.due_km)} km` : null,
                    r.due_hours !== null ? `${hoursText(n, r.due_hours)} h` : null,
                  ],
                  " · ",
                )}
                <br />
                <small>
                  <DueText r={r} />
                </small>
              </>
            ),
          },
          { header: t("fields.odometer"), cell: (r) => `${n(r.odometer_km)} km` },
          {
            header: t("fields.engine_hours"),
            cell: (r) => (r.engine_hours === null ? "–" : `${hoursText(n, r.engine_hours)} h`),
          },
        ]}
      />
    </ListPage>
  );
}

/** The reminder form: many vehicles when adding, one when editing. */
export function ReminderForm(props: {
  saved: Values;
  actionData: unknown;
  options: FormOptions;
  many: boolean;
  readOnly?: boolean;
}) {
  const { t } = useTranslation("maintenance");
  const failure = formFailure(props.actionData, "save");
  const s = formState(props.saved, failure);
  return (
    <Form data-unsaved-guard method="post" className="stack" data-testid="reminder-form">
      <CsrfInput />
      <input type="hidden" name="intent" value="save" />
      <FormErrors s={s} />
      <fieldset className="form-section card" disabled={props.readOnly}>
        <div className="form-grid">
          <TextInput s={s} name="name" label={t("fields.name")} required hint={t("hints.name")} />
          <Select
            s={s}
            name="kind"
            label={t("fields.kind")}
            options={(["regular", "obligatory"] as const).map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
          />
          <Select
            s={s}
            name="vehicle_ids"
            label={props.many ? t("fields.vehicles") : t("fields.vehicle")}
            required
            multiple={props.many}
            blank={props.many ? undefined : ""}
            options={props.options.vehicles}
          />
          <Select
            s={s}
            name="responsible_user_id"
            label={t("fields.responsible")}
            blank={t("none")}
            options={props.options.people}
          />
        </div>
        {props.many && <small className="hint">{t("hints.vehicles")}</small>}
      </fieldset>
      <fieldset className="form-section card" disabled={props.readOnly}>
        <legend>{t("reminders.interval")}</legend>
        <p className="hint">{t("hints.interval")}</p>
        <div className="form-grid">
          <TextInput s={s} name="interval_days" label={t("fields.interval_days")} inputMode="numeric" />
          <TextInput s={s} name="interval_km" label={t("fields.interval_km")} inputMode="numeric" />
          <TextInput s={s} name="before_days" label={t("fields.before_days")} inputMode="numeric" />
          <TextInput s={s} name="before_km" label={t("fields.before_km")} inputMode="numeric" />
          <TextInput s={s} name="interval_hours" label={t("fields.interval_hours")} inputMode="numeric" />
          <TextInput s={s} name="before_hours" label={t("fields.before_hours")} inputMode="numeric" />
          <DateInput s={s} name="base_date" label={t("fields.base_date")} required />
          <TextInput
            s={s}
            name="base_odometer_km"
            label={t("fields.base_odometer_km")}
            inputMode="decimal"
            hint={t("hints.base_odometer_km")}
          />
          <TextInput
            s={s}
            name="base_engine_hours"
            label={t("fields.base_engine_hours")}
            inputMode="decimal"
            hint={t("hints.base_engine_hours")}
          />
        </div>
        <Checkbox s={s} name="repeat" label={t("fields.repeat")} />
        <Checkbox s={s} name="active" label={t("fields.active")} />
        <TextArea s={s} name="notes" label={t("fields.notes")} />
      </fieldset>
      {!props.readOnly && <SubmitRow label={t("common:actions.save")} />}
    </Form>
  );
}

/** Completing a reminder: a service report whose type is the reminder's name. */
export function CompleteForm(props: {
  actionData: unknown;
  options: FormOptions;
  today: string;
  odometer: number;
  engineHours: number | null;
}) {
  const { t } = useTranslation("maintenance");
  const failure = formFailure(props.actionData, "complete");
  const s = formState(
    {
      completed_on: props.today,
      odometer_km: String(props.odometer),
      engine_hours: props.engineHours === null ? "" : String(props.engineHours),
    },
    failure,
  );
  return (
    <Form
      data-unsaved-guard
      method="post"
      encType="multipart/form-data"
      className="stack card"
      data-testid="complete-form"
    >
      <h2>{t("reminders.complete")}</h2>
      <CsrfInput />
      <input type="hidden" name="intent" value="complete" />
      <FormErrors s={s} extra={["part_quantity", "part_id", "attachments"]} />
      <div className="form-grid">
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
        <Select
          s={s}
          name="supplier_id"
          label={t("fields.supplier")}
          blank={t("none")}
          options={props.options.suppliers}
        />
      </div>
      <PartLines s={s} parts={props.options.parts} />
      <TextArea s={s} name="notes" label={t("fields.notes")} />
      <label>
        {t("fields.attachments")} <input type="file" name="attachments" multiple accept="image/*,application/pdf" />
      </label>
      <SubmitRow label={t("reminders.completeButton")} />
    </Form>
  );
}
