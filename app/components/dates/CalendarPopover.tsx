import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import {
  addDays,
  addMonths,
  monthCaption,
  monthGrid,
  parseDate,
  startOfWeek,
  WEEK_COLUMNS,
  weekdayName,
} from "../../lib/dates";

export interface CalendarPopoverProps {
  /** the chosen day, shown selected; null when the field is empty or unreadable */
  value: string | null;
  /** today in the organisation's zone, marked in the grid */
  today: string;
  min?: string;
  max?: string;
  onChoose: (date: string) => void;
  onClose: () => void;
}

const clamp = (date: string, min?: string, max?: string) => (min && date < min ? min : max && date > max ? max : date);

/**
 * A month of days in a Sunday-to-Saturday grid (spec section 9), following the WAI-ARIA date picker dialog:
 * arrows move by day and week, Home/End to the week's ends, Page Up/Down by month (with Shift by year),
 * Enter or Space chooses, Escape closes. Days outside min/max are shown but cannot be chosen.
 */
export function CalendarPopover({ value, today, min, max, onChoose, onClose }: CalendarPopoverProps) {
  const { t } = useTranslation("dates");
  const captionId = useId();
  const helpId = useId();
  const [focused, setFocused] = useState(() => clamp(value ?? today, min, max));
  const moveFocus = useRef(true);
  const root = useRef<HTMLDivElement>(null);
  const shown = parseDate(focused)!;
  const weeks = monthGrid(shown.year, shown.month);
  const allowed = (date: string) => (!min || date >= min) && (!max || date <= max);

  useEffect(() => {
    if (!moveFocus.current) return;
    root.current?.querySelector<HTMLElement>(`[data-date="${focused}"]`)?.focus();
  }, [focused]);

  useEffect(() => {
    const outside = (e: PointerEvent) => {
      const field = root.current?.parentElement;
      if (field && !field.contains(e.target as Node)) onClose();
    };
    document.addEventListener("pointerdown", outside);
    return () => document.removeEventListener("pointerdown", outside);
  }, [onClose]);

  const go = (date: string, focusDay = true) => {
    moveFocus.current = focusDay;
    setFocused(clamp(date, min, max));
  };

  const onGridKey = (e: KeyboardEvent) => {
    const moves: Record<string, () => string> = {
      ArrowLeft: () => addDays(focused, -1),
      ArrowRight: () => addDays(focused, 1),
      ArrowUp: () => addDays(focused, -7),
      ArrowDown: () => addDays(focused, 7),
      Home: () => startOfWeek(focused),
      End: () => addDays(startOfWeek(focused), 6),
      PageUp: () => addMonths(focused, e.shiftKey ? -12 : -1),
      PageDown: () => addMonths(focused, e.shiftKey ? 12 : 1),
    };
    if (moves[e.key]) {
      e.preventDefault();
      go(moves[e.key]());
    } else if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      if (allowed(focused)) onChoose(focused);
    }
  };

  return (
    <div
      ref={root}
      className="date-picker"
      role="dialog"
      tabIndex={-1}
      aria-modal="false"
      aria-label={t("picker.dialog")}
      data-testid="date-picker"
      onKeyDown={(e) => {
        if (e.key === "Escape") {
          e.preventDefault();
          e.stopPropagation();
          onClose();
        }
      }}
    >
      <div className="date-picker-head">
        <button
          type="button"
          className="date-picker-nav"
          aria-label={t("picker.previousMonth")}
          data-testid="date-picker-prev"
          onClick={() => go(addMonths(focused, -1), false)}
        >
          ‹
        </button>
        <h2 id={captionId} className="date-picker-caption" aria-live="polite">
          {monthCaption(t, shown.year, shown.month)}
        </h2>
        <button
          type="button"
          className="date-picker-nav"
          aria-label={t("picker.nextMonth")}
          data-testid="date-picker-next"
          onClick={() => go(addMonths(focused, 1), false)}
        >
          ›
        </button>
      </div>
      <table role="grid" aria-labelledby={captionId} aria-describedby={helpId} onKeyDown={onGridKey}>
        <thead>
          <tr>
            {WEEK_COLUMNS.map((d) => (
              <th key={d} scope="col" abbr={weekdayName(t, d)} data-weekday={d}>
                <span aria-hidden="true">{weekdayName(t, d, true)}</span>
                <span className="visually-hidden">{weekdayName(t, d)}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0].date}>
              {week.map((day) => {
                const enabled = allowed(day.date);
                const classes = [
                  "date-picker-day",
                  day.inMonth ? "" : "outside",
                  day.date === today ? "today" : "",
                  day.date === value ? "selected" : "",
                ];
                return (
                  <td
                    key={day.date}
                    role="gridcell"
                    data-date={day.date}
                    data-weekday={day.weekday}
                    tabIndex={day.date === focused ? 0 : -1}
                    className={classes.filter(Boolean).join(" ")}
                    aria-selected={day.date === value}
                    aria-disabled={!enabled || undefined}
                    aria-current={day.date === today ? "date" : undefined}
                    aria-label={`${day.date}, ${weekdayName(t, day.weekday)}`}
                    onClick={() => {
                      if (enabled) onChoose(day.date);
                      else go(day.date);
                    }}
                  >
                    {Number(day.date.slice(8))}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <p id={helpId} className="visually-hidden">
        {t("picker.help")}
      </p>
      <div className="date-picker-foot">
        {allowed(today) && (
          <button type="button" className="link-button" onClick={() => onChoose(today)}>
            {t("picker.today")}
          </button>
        )}
        <button type="button" className="link-button" onClick={onClose}>
          {t("picker.close")}
        </button>
      </div>
    </div>
  );
}
