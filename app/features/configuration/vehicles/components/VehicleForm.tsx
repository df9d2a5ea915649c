import { getFormProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import {
  DEVICE_PROTOCOLS,
  FUEL_TYPES,
  MAX_VEHICLE_IMAGES,
  VEHICLE_CATEGORIES,
  vehicleInputSchema,
} from "../../../../../server/modules/vehicles/vehicles.schema";
import { PROTOCOLS } from "../../../../../server/shared/protocols";
import { CsrfInput, Field, FormAlert, inputProps, SaveActions } from "../../../../components/forms";
import { useRecordForm } from "../../../../components/record-form";

export interface Option {
  id: string;
  name: string;
}
export type VehicleFormValues = Record<string, string | undefined>;

type Meta = FieldMetadata<unknown>;

/** Database row to form strings: numbers as typed text, booleans as a checked box, nulls as empty. */
export function vehicleFormValues(v: Record<string, unknown>): VehicleFormValues {
  const out: VehicleFormValues = {};
  for (const key of Object.keys(vehicleInputSchema.shape)) {
    const value = v[key];
    if (typeof value === "boolean") out[key] = value ? "on" : undefined;
    else if (value !== null && value !== undefined) out[key] = String(value);
  }
  return out;
}

export function VehicleForm(props: {
  result?: SubmissionResult<string[]> | null;
  code?: string | null;
  defaultValue?: VehicleFormValues;
  teams: Option[];
  drivers: Option[];
  readOnly?: boolean;
  withImages?: boolean;
  submitLabel: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation("vehicles");
  const { ref, form, fields, code } = useRecordForm({
    id: "vehicle-form",
    schema: vehicleInputSchema,
    result: props.result,
    defaultValue: props.defaultValue,
    code: props.code,
  });
  const f = fields as unknown as Record<string, Meta>;

  const text = (
    name: string,
    opts: { required?: boolean; hint?: string; type?: string; inputMode?: "numeric" | "decimal" } = {},
  ) => (
    <Field label={t(`fields.${name}`)} name={name} errors={f[name].errors} required={opts.required} hint={opts.hint}>
      <input {...inputProps(f[name])} key={f[name].key} type={opts.type ?? "text"} inputMode={opts.inputMode} />
    </Field>
  );
  const select = (
    name: string,
    options: { value: string; label: string }[],
    opts: { required?: boolean; empty: string },
  ) => (
    <Field label={t(`fields.${name}`)} name={name} errors={f[name].errors} required={opts.required}>
      <select {...inputProps(f[name])} key={f[name].key}>
        <option value="">{opts.empty}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );
  const decimal = (name: string, hint?: string) => text(name, { inputMode: "decimal", hint });

  return (
    <Form
      data-unsaved-guard
      method="post"
      encType="multipart/form-data"
      {...getFormProps(form)}
      ref={ref}
      className="stack"
      data-testid="vehicle-form"
    >
      <CsrfInput />
      <input type="hidden" name="intent" value="save" />
      <FormAlert code={code} fields={code === "VALIDATION" ? form.allErrors : null} />
      <fieldset disabled={props.readOnly} className="stack" style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <section className="form-section card">
          <h2>{t("sections.identity")}</h2>
          <div className="form-grid">
            {text("registration", { required: true })}
            {select(
              "category",
              VEHICLE_CATEGORIES.map((c) => ({ value: c, label: t(`categories.${c}`) })),
              { required: true, empty: t("choose") },
            )}
            {text("identifier_name")}
            {text("fleet_number")}
            {text("chassis_number")}
            {text("vehicle_year", { inputMode: "numeric" })}
            {text("size")}
          </div>
        </section>
        <section className="form-section card">
          <h2>{t("sections.fuel")}</h2>
          <div className="form-grid">
            {select(
              "fuel",
              FUEL_TYPES.map((x) => ({ value: x, label: t(`fuels.${x}`) })),
              { empty: t("choose") },
            )}
            <div className="field checkbox">
              <label htmlFor="electric">
                <input
                  type="checkbox"
                  id="electric"
                  name="electric"
                  key={f.electric.key}
                  defaultChecked={f.electric.initialValue === "on"}
                />{" "}
                {t("fields.electric")}
              </label>
            </div>
            {decimal("fuel_consumption", t("hints.perHundred"))}
            {decimal("estimated_consumption", t("hints.perHundred"))}
            {decimal("tank_volume", t("hints.litres"))}
          </div>
        </section>
        <section className="form-section card">
          <h2>{t("sections.business")}</h2>
          <div className="form-grid">
            {decimal("purchase_price")}
            {text("business_number")}
            {text("fiscal_number")}
          </div>
        </section>
        <section className="form-section card">
          <h2>{t("sections.location")}</h2>
          <div className="form-grid">
            {text("country")}
            {text("province")}
            {text("region")}
            {text("postal_code")}
          </div>
        </section>
        <section className="form-section card">
          <h2>{t("sections.assignment")}</h2>
          <div className="form-grid">
            {select(
              "team_id",
              props.teams.map((x) => ({ value: x.id, label: x.name })),
              { empty: t("noTeam") },
            )}
            {select(
              "driver_id",
              props.drivers.map((x) => ({ value: x.id, label: x.name })),
              { empty: t("noDriver") },
            )}
            {text("device_imei", { hint: t("hints.imei") })}
            {select(
              "device_protocol",
              DEVICE_PROTOCOLS.map((x) => ({ value: x, label: PROTOCOLS[x].label })),
              { empty: t("choose") },
            )}
          </div>
        </section>
        {props.withImages && (
          <section className="form-section card">
            <h2>{t("sections.images")}</h2>
            <Field
              label={t("images.choose")}
              name="images"
              errors={f.images?.errors}
              hint={t("images.hint", { max: MAX_VEHICLE_IMAGES })}
            >
              <input type="file" id="images" name="images" multiple accept="image/jpeg,image/png,image/webp" />
            </Field>
          </section>
        )}
      </fieldset>
      {!props.readOnly && <SaveActions label={props.submitLabel}>{props.children}</SaveActions>}
    </Form>
  );
}
