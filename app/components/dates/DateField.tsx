import { DATE_FORMAT, DATE_PATTERN, isDate, normalizeDateInput } from "../../lib/dates";
import { PickerInput, type PickerInputProps } from "./PickerInput";

const shape = {
  hint: "date" as const,
  pattern: DATE_PATTERN,
  placeholder: DATE_FORMAT,
  maxLength: 10,
  normalize: normalizeDateInput,
  dayOf: (text: string) => (isDate(text.trim()) ? text.trim() : null),
  withDay: (_text: string, day: string) => day,
};

export type DateFieldProps = PickerInputProps;

/**
 * A calendar day, written YYYY-MM-DD. Replaces <input type="date">, whose text follows the browser's locale.
 * Pass the usual input attributes (id, name, defaultValue, aria-*); validate on the server with
 * `dateSchema`/`optionalDate` from app/lib/dates.
 */
export function DateField(props: DateFieldProps) {
  return <PickerInput {...props} shape={shape} />;
}
