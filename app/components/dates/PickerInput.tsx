import { useCallback, useRef, useState, type InputHTMLAttributes } from "react";
import { useTranslation } from "react-i18next";
import { todayIn } from "../../lib/dates";
import { CalendarPopover } from "./CalendarPopover";
import { useHydrated } from "../../lib/use-hydrated";
import { browserTimeZone, setInputValue } from "./input-value";

/** The example in hints and messages: a real day written the spec's way. */
export const EXAMPLE_DATE = "2026-11-24";

/** The attributes a date or time field passes through to its <input> (id, name, aria-*, data-*, onChange …). */
export type NativeInputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  "type" | "min" | "max" | "pattern" | "placeholder" | "inputMode" | "defaultValue" | "value"
>;

export interface PickerInputProps extends NativeInputProps {
  name: string;
  defaultValue?: string | null;
  /** earliest and latest day the calendar lets one choose (YYYY-MM-DD) */
  min?: string;
  max?: string;
  /** the organisation's IANA zone, for "today"; the browser's when not given */
  timeZone?: string;
  /** marks the field invalid (aria-invalid) */
  invalid?: boolean;
}

interface Shape {
  /** key in dates:hint, the field's title (the browser shows it when the pattern does not match) */
  hint: "date" | "dateTime";
  pattern: string;
  placeholder: string;
  maxLength: number;
  /** tidies what was typed, on blur */
  normalize: (text: string) => string;
  /** the day the field's text names, for the calendar */
  dayOf: (text: string) => string | null;
  /** the field's new text once a day is chosen */
  withDay: (text: string, day: string) => string;
}

/**
 * A text input in the spec's format (works as a plain validated form field without JavaScript) that, once
 * JavaScript runs, gets a button opening a Sunday-first calendar which fills it.
 */
export function PickerInput({
  shape,
  min,
  max,
  timeZone,
  invalid,
  defaultValue,
  className,
  "aria-invalid": ariaInvalid,
  ...rest
}: PickerInputProps & { shape: Shape }) {
  const { t } = useTranslation("dates");
  const hydrated = useHydrated();
  const input = useRef<HTMLInputElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState<{ value: string | null; today: string } | null>(null);
  const close = useCallback(() => {
    setOpen(null);
    button.current?.focus();
  }, []);
  const choose = (day: string) => {
    if (input.current) setInputValue(input.current, shape.withDay(input.current.value, day));
    setOpen(null);
    input.current?.focus();
  };
  const toggle = () => {
    if (open) return close();
    setOpen({ value: shape.dayOf(input.current?.value ?? ""), today: todayIn(timeZone ?? browserTimeZone()) });
  };
  return (
    <span
      className={`date-field${className ? ` ${className}` : ""}`}
      data-date-field
      onBlur={(e) => {
        if (open && !e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(null);
      }}
    >
      <input
        ref={input}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        spellCheck={false}
        pattern={shape.pattern}
        placeholder={shape.placeholder}
        title={t(`hint.${shape.hint}`, { example: EXAMPLE_DATE })}
        maxLength={shape.maxLength}
        defaultValue={defaultValue ?? ""}
        aria-invalid={invalid || ariaInvalid || undefined}
        data-min={min}
        data-max={max}
        {...rest}
        onBlur={(e) => {
          const tidy = shape.normalize(e.currentTarget.value);
          if (tidy !== e.currentTarget.value) setInputValue(e.currentTarget, tidy);
          rest.onBlur?.(e);
        }}
      />
      {hydrated && (
        <button
          ref={button}
          type="button"
          className="date-field-button"
          aria-label={t("picker.open")}
          aria-haspopup="dialog"
          aria-expanded={!!open}
          disabled={rest.disabled || rest.readOnly}
          onClick={toggle}
          data-testid={rest.id ? `${rest.id}-calendar` : undefined}
        >
          <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
            <rect x="2.5" y="4" width="15" height="13.5" rx="2" fill="none" stroke="currentColor" strokeWidth="1.5" />
            <path d="M2.5 8h15M6.5 2v4M13.5 2v4" stroke="currentColor" strokeWidth="1.5" />
          </svg>
        </button>
      )}
      {open && (
        <CalendarPopover value={open.value} today={open.today} min={min} max={max} onChoose={choose} onClose={close} />
      )}
    </span>
  );
}
