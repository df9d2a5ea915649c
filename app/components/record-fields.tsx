import type { FieldMetadata } from "@conform-to/react";
import { Field, FieldErrors, inputProps } from "./forms";
import { initialList } from "./record-form";

type Meta = FieldMetadata<unknown>;

/**
 * A required select of a Conform record form, wrapped in a div that JavaScript may hide (the server ignores the
 * field then); `onChange` lets the form follow the choice.
 */
export function SelectField(props: {
  meta: Meta;
  label: string;
  items: ReadonlyArray<{ value: string; label: string }>;
  hidden?: boolean;
  hint?: string;
  onChange?: (value: string) => void;
}) {
  const { meta, onChange } = props;
  return (
    <div hidden={props.hidden}>
      <Field label={props.label} name={meta.name} errors={meta.errors} required hint={props.hint}>
        <select
          {...inputProps(meta)}
          key={meta.key}
          data-testid={`field-${meta.name}`}
          onChange={onChange && ((e) => onChange(e.currentTarget.value))}
        >
          {props.items.map((i) => (
            <option key={i.value} value={i.value}>
              {i.label}
            </option>
          ))}
        </select>
      </Field>
    </div>
  );
}

/** A group of checkboxes for a multi-valued field, with its errors and a note when there is nothing to choose. */
export function CheckList(props: {
  meta: Meta;
  label: string;
  items: ReadonlyArray<{ id: string; label: string }>;
  errors: string[] | undefined;
  emptyText: string;
}) {
  const { meta, items, errors } = props;
  const name = meta.name;
  const chosen = new Set(initialList(meta));
  return (
    <div className={`field${errors?.length ? " has-error" : ""}`} data-testid={`${name}-list`}>
      <span className="label" id={`${name}-label`}>
        {props.label}
      </span>
      <div className="checklist" role="group" aria-labelledby={`${name}-label`} key={meta.key}>
        {items.map((item) => (
          <label key={item.id}>
            <input type="checkbox" name={name} value={item.id} defaultChecked={chosen.has(item.id)} /> {item.label}
          </label>
        ))}
        {items.length === 0 && <span className="muted">{props.emptyText}</span>}
      </div>
      <FieldErrors id={`${name}-error`} errors={errors} />
    </div>
  );
}
