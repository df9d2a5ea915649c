import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { DateField } from "../../../components/dates";
import { Field, FieldErrors, FormAlert } from "../../../components/forms";
import { failureFields, failureValues, type FormFailure } from "../../../lib/form-failure";
import { formatNumber } from "../../../lib/numbers";

export type Values = Record<string, unknown>;

/** A maintenance form's state: the failed submission's values and errors, else the saved values. */
export function formState(saved: Values, failure: FormFailure | null) {
  return { values: failureValues(failure) ?? saved, errors: failureFields(failure), code: failure?.code ?? null };
}
export type FormState = ReturnType<typeof formState>;

const str = (v: unknown) => (v === null || v === undefined ? "" : Array.isArray(v) ? String(v[0] ?? "") : String(v));
const aria = (name: string, errors?: string[]) => ({
  "aria-invalid": errors?.length ? true : undefined,
  "aria-describedby": errors?.length ? `${name}-error` : undefined,
});

export function TextInput(props: {
  s: FormState;
  name: string;
  label: string;
  required?: boolean;
  hint?: string;
  inputMode?: "decimal" | "numeric";
}) {
  const err = props.s.errors[props.name];
  return (
    <Field label={props.label} name={props.name} errors={err} required={props.required} hint={props.hint}>
      <input
        id={props.name}
        name={props.name}
        type="text"
        inputMode={props.inputMode}
        defaultValue={str(props.s.values[props.name])}
        autoComplete="off"
        {...aria(props.name, err)}
      />
    </Field>
  );
}

export function TextArea(props: { s: FormState; name: string; label: string }) {
  const err = props.s.errors[props.name];
  return (
    <Field label={props.label} name={props.name} errors={err}>
      <textarea
        id={props.name}
        name={props.name}
        rows={3}
        defaultValue={str(props.s.values[props.name])}
        {...aria(props.name, err)}
      />
    </Field>
  );
}

export function DateInput(props: { s: FormState; name: string; label: string; required?: boolean }) {
  const err = props.s.errors[props.name];
  return (
    <Field label={props.label} name={props.name} errors={err} required={props.required}>
      <DateField
        id={props.name}
        name={props.name}
        defaultValue={str(props.s.values[props.name])}
        invalid={Boolean(err?.length)}
      />
    </Field>
  );
}

export function Select(props: {
  s: FormState;
  name: string;
  label: string;
  options: { value: string; label: string }[];
  required?: boolean;
  blank?: string;
  multiple?: boolean;
}) {
  const err = props.s.errors[props.name];
  const raw = props.s.values[props.name];
  const chosen = Array.isArray(raw) ? raw.map(String) : raw ? [String(raw)] : [];
  return (
    <Field label={props.label} name={props.name} errors={err} required={props.required}>
      <select
        id={props.name}
        name={props.name}
        multiple={props.multiple}
        size={props.multiple ? 8 : undefined}
        defaultValue={props.multiple ? chosen : (chosen[0] ?? "")}
        {...aria(props.name, err)}
      >
        {props.blank !== undefined && <option value="">{props.blank}</option>}
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** A checkbox; a failed submission without it means unchecked; a value no checkbox sends is refused beside it. */
export function Checkbox(props: { s: FormState; name: string; label: string }) {
  const v = props.s.values[props.name];
  const err = props.s.errors[props.name];
  return (
    <>
      <label className="checkbox">
        <input
          type="checkbox"
          name={props.name}
          defaultChecked={v === true || v === "on" || v === "true"}
          {...aria(props.name, err)}
        />{" "}
        {props.label}
      </label>
      <FieldErrors id={`${props.name}-error`} errors={err} />
    </>
  );
}

export function FormErrors({ s, extra }: { s: FormState; extra?: string[] }) {
  return (
    <>
      <FormAlert code={s.code} fields={s.code === "VALIDATION" ? s.errors : null} />
      {extra?.map((name) => (
        <FieldErrors key={name} id={`${name}-error`} errors={s.errors[name]} />
      ))}
    </>
  );
}

export function SubmitRow({ label, children }: { label: string; children?: ReactNode }) {
  return (
    <div className="form-actions">
      <button type="submit" className="button primary">
        {label}
      </button>
      {children}
    </div>
  );
}

/** Formats a number for tables in the page's language (no currency: organisations keep their own). */
export function useNumber() {
  const { i18n } = useTranslation();
  return (v: number | string | null | undefined, digits = 0) =>
    v === null || v === undefined || v === ""
      ? "–"
      : formatNumber(Number(v), i18n.language, { min: digits, max: digits });
}
