import { useTranslation } from "react-i18next";
import { normalizeTimeInput, TIME_FORMAT, TIME_PATTERN, timeForField } from "../../lib/dates";
import { setInputValue } from "./input-value";
import type { NativeInputProps } from "./PickerInput";

export interface TimeFieldProps extends NativeInputProps {
  name: string;
  /** "HH:mm" or a stored "HH:mm:ss" (shown without seconds) */
  defaultValue?: string | null;
  invalid?: boolean;
}

/**
 * A 24-hour clock time "HH:mm" in both languages. Replaces <input type="time">, which shows 12:00 AM in
 * American browsers. "930" or "9.30" become "09:30" when the field is left. Validate with `timeSchema`.
 */
export function TimeField({ defaultValue, invalid, className, "aria-invalid": ariaInvalid, ...rest }: TimeFieldProps) {
  const { t } = useTranslation("dates");
  const shown = defaultValue ? timeForField(defaultValue) || defaultValue : "";
  return (
    <input
      type="text"
      inputMode="numeric"
      autoComplete="off"
      spellCheck={false}
      pattern={TIME_PATTERN}
      placeholder={TIME_FORMAT}
      title={t("hint.time")}
      maxLength={5}
      className={`time-field${className ? ` ${className}` : ""}`}
      defaultValue={shown}
      aria-invalid={invalid || ariaInvalid || undefined}
      {...rest}
      onBlur={(e) => {
        const tidy = normalizeTimeInput(e.currentTarget.value);
        if (tidy !== e.currentTarget.value) setInputValue(e.currentTarget, tidy);
        rest.onBlur?.(e);
      }}
    />
  );
}
