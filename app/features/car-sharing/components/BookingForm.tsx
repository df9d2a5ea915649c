import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { DateTimeField } from "../../../components/dates";
import { CsrfInput } from "../../../components/forms";

interface Option {
  id: string;
  name?: string;
  registration?: string;
  label?: string;
}

export interface BookingFailure {
  code: string;
  violations: Array<{ code: string; field: string; params?: Record<string, unknown> }>;
  values: Record<string, unknown>;
}

export interface BookingFormProps {
  vehicles: Option[];
  purposes: Option[];
  destinations: Option[];
  people: Option[];
  timeZone: string;
  isOperator: boolean;
  me: string;
  initial: { vehicle_id: string; start: string; end: string };
  failure: BookingFailure | null;
  /** editing: the booking's stored values (type, destination, purpose, other_reason, notify_users, passengers); the user is fixed */
  stored?: Record<string, unknown>;
}

/** The booking form: a plain POST form (works without JavaScript); every refused rule shows next to its field. */
export function BookingForm({
  vehicles,
  purposes,
  destinations,
  people,
  timeZone,
  isOperator,
  me,
  initial,
  failure,
  stored,
}: BookingFormProps) {
  const { t } = useTranslation("carSharing");
  const { t: te } = useTranslation("errors");
  const editing = stored !== undefined;
  const v = (name: string, fallback = "") => {
    const value = failure ? failure.values[name] : stored?.[name];
    return typeof value === "string" ? value : fallback;
  };
  const passengers = ((failure ? failure.values.passengers : stored?.passengers) as string[] | undefined) ?? [];
  const errorsOf = (field: string) => (failure?.violations ?? []).filter((x) => x.field === field);
  const Errors = ({ field }: { field: string }) => {
    const list = errorsOf(field);
    if (!list.length) return null;
    return (
      <div className="field-error" id={`${field}-error`} role="alert" data-testid={`error-${field}`}>
        {list.map((x) => (
          <div key={x.code} data-code={x.code}>
            {te(x.code, { ...x.params, defaultValue: te("generic") })}
          </div>
        ))}
      </div>
    );
  };
  const invalid = (field: string) =>
    errorsOf(field).length ? { "aria-invalid": true, "aria-describedby": `${field}-error` } : {};
  return (
    <Form data-unsaved-guard method="post" className="form cs-form" data-testid="booking-form" noValidate>
      <CsrfInput />
      {failure && (
        <div className="alert alert-error" role="alert" data-testid="form-alert">
          <p>{t(editing ? "booking.editViolations" : "booking.violations")}</p>
          <ul>
            {failure.violations.map((x) => (
              <li key={`${x.field}-${x.code}`} data-code={x.code}>
                {te(x.code, { ...x.params, defaultValue: te("generic") })}
              </li>
            ))}
          </ul>
        </div>
      )}
      {isOperator && !editing && (
        <div className="field">
          <label htmlFor="user_id">{t("booking.user")} *</label>
          <select id="user_id" name="user_id" defaultValue={v("user_id", me)} {...invalid("user_id")}>
            <option value="">{t("booking.choose")}</option>
            {people.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
          <Errors field="user_id" />
        </div>
      )}
      {(!isOperator || editing) && <Errors field="user_id" />}
      <div className="field">
        <label htmlFor="vehicle_id">{t("booking.vehicle")} *</label>
        <select
          id="vehicle_id"
          name="vehicle_id"
          defaultValue={v("vehicle_id", initial.vehicle_id)}
          {...invalid("vehicle_id")}
        >
          <option value="">{t("booking.choose")}</option>
          {vehicles.map((x) => (
            <option key={x.id} value={x.id}>
              {x.registration}
            </option>
          ))}
        </select>
        <Errors field="vehicle_id" />
      </div>
      <fieldset className="field">
        <legend>{t("booking.type")} *</legend>
        {(["shared", "personal"] as const).map((type) => (
          <label key={type} className="inline">
            <input type="radio" name="type" value={type} defaultChecked={v("type", "shared") === type} />{" "}
            {t(`types.${type}`)}
          </label>
        ))}
        <Errors field="type" />
      </fieldset>
      <div className="field">
        <label htmlFor="passengers">{t("booking.passengers")}</label>
        <select
          id="passengers"
          name="passengers"
          multiple
          size={Math.min(6, Math.max(2, people.length))}
          defaultValue={passengers}
          {...invalid("passengers")}
        >
          {people
            .filter((p) => p.id !== me || (isOperator && !editing))
            .map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
        </select>
        <Errors field="passengers" />
      </div>
      <div className="field">
        <label htmlFor="destination">{t("booking.destination")} *</label>
        <input
          id="destination"
          name="destination"
          list="destination-options"
          defaultValue={v("destination")}
          maxLength={200}
          {...invalid("destination")}
        />
        <datalist id="destination-options">
          {destinations.map((d) => (
            <option key={d.id} value={d.label} />
          ))}
        </datalist>
        <Errors field="destination" />
      </div>
      <div className="field">
        <label htmlFor="purpose">{t("booking.purpose")} *</label>
        <select id="purpose" name="purpose" defaultValue={v("purpose")} {...invalid("purpose")}>
          <option value="">{t("booking.choose")}</option>
          {purposes.map((p) => (
            <option key={p.id} value={p.id}>
              {p.label}
            </option>
          ))}
          <option value="other">{t("booking.other")}</option>
        </select>
        <Errors field="purpose" />
      </div>
      <div className="field">
        <label htmlFor="other_reason">{t("booking.otherReason")}</label>
        <input
          id="other_reason"
          name="other_reason"
          defaultValue={v("other_reason")}
          maxLength={500}
          {...invalid("other_reason")}
        />
        <Errors field="other_reason" />
      </div>
      <div className="field">
        <label htmlFor="start">{t("booking.start")} *</label>
        <DateTimeField
          id="start"
          name="start"
          defaultValue={v("start", initial.start)}
          timeZone={timeZone}
          invalid={errorsOf("start").length > 0}
        />
        <Errors field="start" />
      </div>
      <div className="field">
        <label htmlFor="end">{t("booking.end")} *</label>
        <DateTimeField
          id="end"
          name="end"
          defaultValue={v("end", initial.end)}
          timeZone={timeZone}
          invalid={errorsOf("end").length > 0}
        />
        <Errors field="end" />
      </div>
      <label className="inline">
        <input
          type="checkbox"
          name="notify_users"
          defaultChecked={v("notify_users") === "on"}
          aria-invalid={errorsOf("notify_users").length > 0 || undefined}
        />{" "}
        {t("booking.notifyUsers")}
      </label>
      <Errors field="notify_users" />
      <div className="form-actions">
        <button type="submit" className="button primary" data-testid="booking-save">
          {t(editing ? "booking.saveChanges" : "booking.save")}
        </button>
      </div>
    </Form>
  );
}
