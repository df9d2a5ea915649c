import { Field } from "../../../components/forms";
import { failureValues, type FormFailure } from "../../../lib/form-failure";

type Values = Record<string, unknown>;

/** A labelled text input whose value comes from the last submission, else from the saved record. */
export function TextField(props: {
  name: string;
  label: string;
  values: Values;
  errors?: Record<string, string[]>;
  type?: string;
  required?: boolean;
  hint?: string;
  extra?: React.InputHTMLAttributes<HTMLInputElement>;
}) {
  const { name, values, errors } = props;
  const raw = values[name];
  const value = raw === null || raw === undefined ? "" : String(raw);
  const err = errors?.[name];
  return (
    <Field label={props.label} name={name} errors={err} required={props.required} hint={props.hint}>
      <input
        id={name}
        name={name}
        type={props.type ?? "text"}
        defaultValue={value}
        aria-required={props.required || undefined}
        aria-invalid={err ? true : undefined}
        aria-describedby={err ? `${name}-error` : undefined}
        {...props.extra}
      />
    </Field>
  );
}

/** The values to show: the failed submission's when there is one, else the saved ones. */
export function shownValues(saved: Values, failure: FormFailure | null): Values {
  return failureValues(failure) ?? saved;
}
