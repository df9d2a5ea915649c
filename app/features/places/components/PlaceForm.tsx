import { getFormProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import {
  DEFAULT_COLOR,
  PLACE_ICONS,
  geofenceInputSchema,
  poiInputSchema,
} from "../../../../server/modules/places/places.schema";
import type { MapConfig } from "../../../lib/map/basemap-style";
import { CsrfInput, Field, FormAlert, inputProps, SaveActions } from "../../../components/forms";
import { PlaceEditorMap, type EditorMode } from "./PlaceEditorMap";
import { useRecordForm } from "../../../components/record-form";

export type PlaceFormValues = Record<string, string | undefined>;
type Meta = FieldMetadata<unknown>;

interface Props {
  kind: "poi" | "geofence";
  result?: SubmissionResult<string[]> | null;
  code?: string | null;
  defaultValue?: PlaceFormValues;
  categories: string[];
  mapConfig: MapConfig;
  exposeMap?: boolean;
  readOnly?: boolean;
  submitLabel: string;
  children?: ReactNode;
}

/**
 * The point-of-interest and geofence form. Without JavaScript the coordinates (and polygon lines) are typed;
 * with JavaScript a map edits the same inputs, which stay the source of truth.
 */
export function PlaceForm(props: Props) {
  const { t } = useTranslation("places");
  const schema = props.kind === "poi" ? poiInputSchema : geofenceInputSchema;
  const { ref, form, fields, code } = useRecordForm({
    id: `${props.kind}-form`,
    schema: schema,
    result: props.result,
    defaultValue: props.defaultValue,
    code: props.code,
  });
  const f = fields as unknown as Record<string, Meta>;
  const initialShape =
    typeof f.shape?.initialValue === "string" && f.shape.initialValue === "polygon" ? "polygon" : "circle";
  const [shape, setShape] = useState<"circle" | "polygon">(initialShape);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const mode: EditorMode = props.kind === "poi" ? "point" : shape;

  const text = (
    name: string,
    opts: { required?: boolean; hint?: string; inputMode?: "decimal" | "numeric"; list?: string } = {},
  ) => (
    <Field label={t(`fields.${name}`)} name={name} errors={f[name].errors} required={opts.required} hint={opts.hint}>
      <input
        {...inputProps(f[name])}
        key={f[name].key}
        type="text"
        inputMode={opts.inputMode}
        list={opts.list}
        autoComplete="off"
      />
    </Field>
  );
  const coordinates = (
    <div className="form-grid">
      {text("latitude", { required: true, inputMode: "decimal", hint: t("hints.latitude") })}
      {text("longitude", { required: true, inputMode: "decimal", hint: t("hints.longitude") })}
    </div>
  );

  return (
    <Form
      data-unsaved-guard
      method="post"
      {...getFormProps(form)}
      ref={ref}
      className="stack"
      data-testid={`${props.kind}-form`}
    >
      <CsrfInput />
      <input type="hidden" name="intent" value="save" />
      <FormAlert code={code} fields={code === "VALIDATION" ? form.allErrors : null} />
      <fieldset disabled={props.readOnly} className="form-section card">
        <div className="form-grid">
          {text("name", { required: true })}
          {text("category", { required: true, list: "place-categories" })}
          {text("city")}
          <Field label={t("fields.icon")} name="icon" errors={f.icon.errors}>
            <select {...inputProps(f.icon)} key={f.icon.key}>
              {PLACE_ICONS.map((icon) => (
                <option key={icon} value={icon}>
                  {t(`icons.${icon}`)}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t("fields.icon_color")} name="icon_color" errors={f.icon_color.errors}>
            <input
              {...inputProps(f.icon_color)}
              defaultValue={(f.icon_color.initialValue as string) || DEFAULT_COLOR}
              key={f.icon_color.key}
              type="color"
            />
          </Field>
        </div>
        <datalist id="place-categories">
          {props.categories.map((c) => (
            <option key={c} value={c} />
          ))}
        </datalist>
      </fieldset>

      <fieldset disabled={props.readOnly} className="form-section card">
        {props.kind === "poi" ? (
          coordinates
        ) : (
          <>
            <legend>{t("fields.shape")}</legend>
            <div className="shape-choice" role="radiogroup">
              {(["circle", "polygon"] as const).map((s) => (
                <label key={s}>
                  <input
                    type="radio"
                    name="shape"
                    value={s}
                    defaultChecked={initialShape === s}
                    onChange={() => setShape(s)}
                    data-testid={`shape-${s}`}
                  />{" "}
                  {t(`shapes.${s}`)}
                </label>
              ))}
            </div>
            {f.shape.errors && (
              <Field label="" name="shape" errors={f.shape.errors}>
                <span />
              </Field>
            )}
            {/* Without JavaScript both parts are shown; the chosen shape decides which one is read. */}
            <div hidden={hydrated && shape !== "circle"} data-testid="circle-fields">
              {coordinates}
              {text("radius_m", { required: true, inputMode: "numeric", hint: t("hints.radius_m") })}
            </div>
            <div hidden={hydrated && shape !== "polygon"} data-testid="polygon-fields">
              <Field
                label={t("fields.polygon")}
                name="polygon"
                errors={f.polygon.errors}
                hint={t("hints.polygon")}
                required
              >
                <textarea
                  {...inputProps(f.polygon)}
                  key={f.polygon.key}
                  rows={6}
                  className="polygon-input"
                  placeholder={"41.33, 19.80\n41.34, 19.83\n41.31, 19.84"}
                />
              </Field>
            </div>
          </>
        )}
        {hydrated && !props.readOnly && (
          <PlaceEditorMap formRef={ref} mode={mode} config={props.mapConfig} expose={props.exposeMap ?? false} />
        )}
      </fieldset>

      {!props.readOnly && (
        <SaveActions label={props.submitLabel} testId="place-submit">
          {props.children}
        </SaveActions>
      )}
    </Form>
  );
}

/** A stored place as form strings. */
export function placeFormValues(p: {
  name: string;
  category: string;
  city: string | null;
  latitude: number;
  longitude: number;
  icon: string;
  icon_color: string;
  shape: string;
  radius_m: number | null;
  polygon: Array<[number, number]> | null;
}): PlaceFormValues {
  const polygon = p.shape === "polygon";
  return {
    name: p.name,
    category: p.category,
    city: p.city ?? "",
    icon: p.icon,
    icon_color: p.icon_color,
    latitude: polygon ? "" : String(p.latitude),
    longitude: polygon ? "" : String(p.longitude),
    shape: p.shape === "point" ? undefined : p.shape,
    radius_m: p.radius_m === null ? "" : String(p.radius_m),
    polygon: p.polygon ? p.polygon.map(([lon, lat]) => `${lat}, ${lon}`).join("\n") : "",
  };
}
