import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { isDate } from "../../lib/dates";
import { DateField, type DateFieldProps } from "./DateField";

export interface RangeEnd extends Omit<DateFieldProps, "min" | "max"> {
  /** the label; "From"/"To" (dates:range) when not given */
  label?: ReactNode;
  /** shown under the field (e.g. a translated server message), linked by aria-describedby */
  error?: ReactNode;
}

export interface DateRangeFieldProps {
  from: RangeEnd;
  to: RangeEnd;
  /** bounds for both ends (YYYY-MM-DD) */
  min?: string;
  max?: string;
  timeZone?: string;
  /** class of each end's wrapper; "field" fits the filter bars and form grids */
  className?: string;
}

/**
 * A period of days, from–to, both inclusive, as two DateFields. With JavaScript the "to" calendar starts at the
 * chosen "from" and the "from" calendar ends at the chosen "to"; the server still checks the order
 * (`dateRangeSchema` or the feature's own period rule) because a plain form can send anything.
 */
export function DateRangeField({ from, to, min, max, timeZone, className = "field" }: DateRangeFieldProps) {
  const { t } = useTranslation("dates");
  const [fromValue, setFrom] = useState(from.defaultValue ?? "");
  const [toValue, setTo] = useState(to.defaultValue ?? "");
  const end = (
    props: RangeEnd,
    fallback: string,
    bounds: { min?: string; max?: string },
    track: (v: string) => void,
  ) => {
    const { label, error, ...input } = props;
    const id = input.id ?? input.name;
    const errorId = error ? `${id}-error` : undefined;
    return (
      <div className={`${className}${error ? " has-error" : ""}`}>
        <label htmlFor={id}>{label ?? fallback}</label>
        <DateField
          {...input}
          id={id}
          min={bounds.min}
          max={bounds.max}
          timeZone={timeZone}
          invalid={input.invalid || !!error}
          aria-describedby={[input["aria-describedby"], errorId].filter(Boolean).join(" ") || undefined}
          onChange={(e) => {
            track(e.currentTarget.value.trim());
            input.onChange?.(e);
          }}
        />
        {error && (
          <div className="field-error" id={errorId} role="alert">
            {error}
          </div>
        )}
      </div>
    );
  };
  const valid = (v: string) => (isDate(v) ? v : undefined);
  return (
    <>
      {end(from, t("range.from"), { min, max: valid(toValue) ?? max }, setFrom)}
      {end(to, t("range.to"), { min: valid(fromValue) ?? min, max }, setTo)}
    </>
  );
}
