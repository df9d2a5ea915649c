import { DATE_TIME_FORMAT, DATE_TIME_PATTERN, normalizeDateTimeInput, parseDateTime, parseDate } from "../../lib/dates";
import { PickerInput, type PickerInputProps } from "./PickerInput";

const timeOf = (text: string) =>
  parseDateTime(text)?.time ?? /\b([01]\d|2[0-3]):[0-5]\d$/.exec(text.trim())?.[0] ?? "00:00";

const shape = {
  hint: "dateTime" as const,
  pattern: DATE_TIME_PATTERN,
  placeholder: DATE_TIME_FORMAT,
  maxLength: 16,
  normalize: normalizeDateTimeInput,
  dayOf: (text: string) =>
    parseDateTime(text)?.date ?? (parseDate(text.trim().slice(0, 10)) ? text.trim().slice(0, 10) : null),
  /** choosing a day keeps the time already written (midnight when there is none) */
  withDay: (text: string, day: string) => `${day} ${timeOf(text)}`,
};

export type DateTimeFieldProps = PickerInputProps;

/**
 * A wall-clock moment, written "YYYY-MM-DD HH:mm" (24-hour) in the organisation's zone. Replaces
 * <input type="datetime-local">. The calendar fills the date part and keeps the time. Read it on the server
 * with `dateTimeSchema` and `parseZonedDateTime(text, orgZone)`.
 */
export function DateTimeField(props: DateTimeFieldProps) {
  return <PickerInput {...props} shape={shape} />;
}
