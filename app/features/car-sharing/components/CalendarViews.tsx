import { useTranslation } from "react-i18next";
import { Link } from "react-router";

/** The week / day toggle of the calendar: two plain links (works without JavaScript). */
export function CalendarViews({ view, week, day }: { view: "week" | "day"; week: string; day: string }) {
  const { t } = useTranslation("carSharing");
  return (
    <nav className="cs-tabs cs-subtabs" aria-label={t("calendar.views")} data-testid="calendar-views">
      <Link
        to={`/car-sharing/calendar?week=${week}`}
        className={view === "week" ? "active" : undefined}
        aria-current={view === "week" ? "page" : undefined}
        data-testid="view-week"
      >
        {t("calendar.weekView")}
      </Link>
      <Link
        to={`/car-sharing/calendar/day?date=${day}`}
        className={view === "day" ? "active" : undefined}
        aria-current={view === "day" ? "page" : undefined}
        data-testid="view-day"
      >
        {t("calendar.dayView")}
      </Link>
    </nav>
  );
}
