import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { CalendarViews } from "../components/CalendarViews";
import { calendarLoader } from "../car-sharing.server";
import type { Route } from "./+types/calendar";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];
export const loader = ({ request, context }: Route.LoaderArgs) => calendarLoader(context, request);

/** Server-rendered week grid: vehicles as rows, Sunday-first days as columns; a free cell links to a new booking. */
export default function Calendar({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("carSharing");
  const { days, vehicles, bookings, previous, next, timeZone, canBook, reminders, today, nextHour } = loaderData;
  const proposal = (d: string) =>
    d > today ? `${d} 08:00` : d === today && nextHour ? `${d} ${nextHour > "08:00" ? nextHour : "08:00"}` : null;
  const weekdays = t("settings.weekdays", { returnObjects: true }) as Record<string, string>;
  const on = (vehicleId: string, day: string) =>
    bookings.filter(
      (b) =>
        b.vehicle_id === vehicleId &&
        b.start.slice(0, 10) <= day &&
        b.end.slice(0, 10) >= day &&
        !(b.end.slice(0, 10) === day && b.end.endsWith("00:00") && b.start.slice(0, 10) !== day),
    );
  return (
    <section>
      <header className="page-header">
        <h1>{t("calendar.title")}</h1>
        {canBook && (
          <Link to="/car-sharing/bookings/new" className="button primary" data-testid="new-booking">
            {t("calendar.newBooking")}
          </Link>
        )}
      </header>
      {reminders.map((r) => (
        <div key={r.id} className="alert alert-warn" role="status" data-testid="booking-reminder">
          <Link to={`/car-sharing/bookings/${r.id}`}>
            {t("reminder.inApp", { vehicle: r.registration, start: r.start })}
          </Link>
        </div>
      ))}
      <CalendarViews view="week" week={days[0]} day={days.includes(today) ? today : days[0]} />
      <nav className="cs-week" aria-label={t("calendar.title")}>
        <Link to={`?week=${previous}`} rel="prev">
          {t("calendar.previous")}
        </Link>
        <Link to="?">{t("calendar.today")}</Link>
        <Link to={`?week=${next}`} rel="next">
          {t("calendar.next")}
        </Link>
        <span className="muted">
          {days[0]} – {days[6]} · {t("calendar.timeZone", { zone: timeZone })}
        </span>
      </nav>
      {vehicles.length === 0 ? (
        <p className="muted" data-testid="calendar-empty">
          {t("calendar.noVehicles")}
        </p>
      ) : (
        <table className="table cs-grid" data-testid="calendar-grid">
          <thead>
            <tr>
              <th>{t("calendar.vehicle")}</th>
              {days.map((d, i) => (
                <th key={d} scope="col">
                  <Link to={`/car-sharing/calendar/day?date=${d}`} data-testid="day-link">
                    {weekdays[`d${i}`]}
                    <br />
                    <small>{d}</small>
                  </Link>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {vehicles.map((v) => (
              <tr key={v.id} data-vehicle={v.registration}>
                <th scope="row">{v.registration}</th>
                {days.map((d) => {
                  const here = on(v.id, d);
                  return (
                    <td key={d} className={here.length ? "busy" : "free"}>
                      {here.map((b) => (
                        <Link
                          key={b.id}
                          to={`/car-sharing/bookings/${b.id}`}
                          className={`cs-booking cs-${b.status}`}
                          data-testid="calendar-booking"
                        >
                          {b.start.slice(0, 10) === d ? b.start.slice(11) : "…"}–
                          {b.end.slice(0, 10) === d ? b.end.slice(11) : "…"} {b.user_name}
                        </Link>
                      ))}
                      {canBook && proposal(d) && (
                        <Link
                          to={`/car-sharing/bookings/new?vehicle=${v.id}&start=${encodeURIComponent(proposal(d)!)}`}
                          className="cs-free"
                          data-testid="free-slot"
                          // the name starts with the words shown, as speech input users say them (WCAG 2.5.3)
                          aria-label={`${here.length ? "" : `${t("calendar.free")}: `}${t("calendar.book")} ${v.registration} ${d}`}
                        >
                          {here.length ? "+" : t("calendar.free")}
                        </Link>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
