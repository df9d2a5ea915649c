import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { CalendarViews } from "../components/CalendarViews";
import { calendarDayLoader } from "../car-sharing.server";
import type { Route } from "./+types/calendar-day";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];
export const loader = ({ request, context }: Route.LoaderArgs) => calendarDayLoader(context, request);

/** Server-rendered day grid (organisation zone): vehicles as rows, hours as columns; a free hour links to a new booking. */
export default function CalendarDay({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("carSharing");
  const { day, previous, next, week, today, hours, rows, timeZone, canBook, allowed } = loaderData;
  const weekdays = t("settings.weekdays", { returnObjects: true }) as Record<string, string>;
  const weekday = weekdays[`d${new Date(`${day}T12:00:00Z`).getUTCDay()}`];
  return (
    <section>
      <header className="page-header">
        <h1 id="cs-day-title">{t("calendar.title")}</h1>
        {canBook && (
          <Link to="/car-sharing/bookings/new" className="button primary" data-testid="new-booking">
            {t("calendar.newBooking")}
          </Link>
        )}
      </header>
      <CalendarViews view="day" week={week} day={day} />
      <nav className="cs-week" aria-label={t("calendar.dayView")}>
        <Link to={`?date=${previous}`} rel="prev">
          {t("calendar.previousDay")}
        </Link>
        <Link to={`?date=${today}`}>{t("calendar.thisDay")}</Link>
        <Link to={`?date=${next}`} rel="next">
          {t("calendar.nextDay")}
        </Link>
        <span className="muted" data-testid="calendar-day">
          {weekday} {day} · {t("calendar.timeZone", { zone: timeZone })}
        </span>
      </nav>
      <p className="muted" data-testid="allowed-hours-note">
        {allowed ? t("calendar.allowedHours", { from: allowed.from, to: allowed.to }) : t("calendar.closedDay")}
      </p>
      {rows.length === 0 ? (
        <p className="muted" data-testid="calendar-empty">
          {t("calendar.noVehicles")}
        </p>
      ) : (
        <div className="cs-day-scroll" tabIndex={0} role="region" aria-labelledby="cs-day-title">
          <table className="table cs-grid cs-day" data-testid="calendar-day-grid">
            <thead>
              <tr>
                <th>{t("calendar.vehicle")}</th>
                {hours.map((h) => (
                  <th key={h} scope="col">
                    <small>{h}</small>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((v) => (
                <tr key={v.id} data-vehicle={v.registration}>
                  <th scope="row">{v.registration}</th>
                  {v.cells.map((c) => (
                    <td
                      key={c.hour}
                      className={`${c.busy ? "busy" : "free"}${c.open ? "" : " cs-closed"}`}
                      data-hour={c.hour}
                      data-open={c.open ? "yes" : "no"}
                      title={c.open ? undefined : t("calendar.outsideHours")}
                    >
                      {c.bookings.map((b) => (
                        <Link
                          key={b.id}
                          to={`/car-sharing/bookings/${b.id}`}
                          className={`cs-booking cs-${b.status}`}
                          data-testid="calendar-booking"
                        >
                          {b.start.slice(0, 10) === day ? b.start.slice(11) : "…"}–
                          {b.end.slice(0, 10) === day ? b.end.slice(11) : "…"} {b.user_name}
                        </Link>
                      ))}
                      {c.proposal && (
                        <Link
                          to={`/car-sharing/bookings/new?vehicle=${v.id}&start=${encodeURIComponent(c.proposal)}`}
                          className="cs-free"
                          data-testid="free-slot"
                          aria-label={`${t("calendar.book")} ${v.registration} ${c.proposal}`}
                        >
                          +
                        </Link>
                      )}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
