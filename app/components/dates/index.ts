/**
 * Date and time inputs in the spec's formats (section 9: YYYY-MM-DD, 24-hour HH:mm, weeks from Sunday).
 * Each is a text input that works without JavaScript; DateField, DateTimeField and DateRangeField add a
 * Sunday-first calendar popover once JavaScript runs. See docs/dates.md.
 */
export { DateField, type DateFieldProps } from "./DateField";
export { DateRangeField, type DateRangeFieldProps, type RangeEnd } from "./DateRangeField";
export { DateTimeField, type DateTimeFieldProps } from "./DateTimeField";
export { TimeField, type TimeFieldProps } from "./TimeField";
export { CalendarPopover, type CalendarPopoverProps } from "./CalendarPopover";
export { setInputValue } from "./input-value";
