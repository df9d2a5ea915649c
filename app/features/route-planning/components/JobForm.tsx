import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { CsrfInput, FormAlert } from "../../../components/forms";
import type { MapConfig } from "../../../lib/map/basemap-style";
import { PlaceEditorMap } from "../../places/components/PlaceEditorMap";
import { DateInput, Input, Select, TimeInput, Weekdays, type Errors, type Option, type Values } from "./fields";

interface Props {
  mode: "add" | "edit";
  values: Values;
  errors: Errors;
  code?: string | null;
  drivers: Option[];
  vehicles: Option[];
  places: Option[];
  mapConfig: MapConfig;
  exposeMap: boolean;
  readOnly?: boolean;
}

/**
 * A scheduled job: the point is a place, or coordinates typed (or picked on the map with JavaScript), with an
 * optional address; adding also takes the recurrence (weekdays up to a date, and/or explicit dates).
 */
export function JobForm(props: Props) {
  const { t } = useTranslation("routePlanning");
  const navigation = useNavigation();
  const ref = useRef<HTMLFormElement>(null);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const { values, errors } = props;
  const f = { values, errors };
  return (
    <Form data-unsaved-guard method="post" ref={ref} noValidate className="stack" data-testid="job-form">
      <CsrfInput />
      <input type="hidden" name="intent" value="save" />
      <FormAlert code={props.code} fields={errors} />
      <fieldset disabled={props.readOnly} className="form-section card">
        <legend>{t("sections.job")}</legend>
        <div className="form-grid">
          <Input name="name" label={t("fields.name")} {...f} required />
          <Input name="contact_name" label={t("fields.contact_name")} {...f} />
          <Input name="contact_phone" label={t("fields.contact_phone")} {...f} inputMode="tel" />
        </div>
        <Input name="notes" label={t("fields.notes")} {...f} textarea />
      </fieldset>
      <fieldset disabled={props.readOnly} className="form-section card">
        <legend>{t("sections.point")}</legend>
        <p className="muted">{t("hints.point")}</p>
        <div className="form-grid">
          <Select name="place_id" label={t("fields.place")} {...f} options={props.places} empty={t("common.none")} />
          <Input name="address" label={t("fields.address")} {...f} />
          <Input name="latitude" label={t("fields.latitude")} {...f} inputMode="decimal" />
          <Input name="longitude" label={t("fields.longitude")} {...f} inputMode="decimal" />
        </div>
        {hydrated && !props.readOnly && (
          <PlaceEditorMap formRef={ref} mode="point" config={props.mapConfig} expose={props.exposeMap} />
        )}
      </fieldset>
      <fieldset disabled={props.readOnly} className="form-section card">
        <legend>{t("sections.schedule")}</legend>
        <div className="form-grid">
          <DateInput name="scheduled_date" label={t("fields.scheduled_date")} {...f} required />
          <TimeInput name="scheduled_arrival" label={t("fields.scheduled_arrival")} {...f} required />
          <TimeInput name="scheduled_departure" label={t("fields.scheduled_departure")} {...f} required />
          <Select
            name="driver_id"
            label={t("fields.driver")}
            {...f}
            options={props.drivers}
            empty={t("common.unassigned")}
          />
          <Select
            name="vehicle_id"
            label={t("fields.vehicle")}
            {...f}
            options={props.vehicles}
            empty={t("common.unassigned")}
          />
        </div>
        {props.mode === "add" && (
          <>
            <Weekdays name="days" {...f} />
            <div className="form-grid">
              <DateInput name="repeat_until" label={t("fields.repeat_until")} {...f} />
              <Input name="dates" label={t("fields.dates")} {...f} hint={t("hints.dates")} />
            </div>
          </>
        )}
      </fieldset>
      {!props.readOnly && (
        <div className="form-actions">
          <button
            type="submit"
            className="button primary"
            disabled={navigation.state === "submitting"}
            data-testid="job-submit"
          >
            {props.mode === "add" ? t("jobs.create") : t("common.save")}
          </button>
        </div>
      )}
    </Form>
  );
}
