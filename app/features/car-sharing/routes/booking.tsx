import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { CsrfInput } from "../../../components/forms";
import { formFailure } from "../../../lib/form-failure";
import { bookingAction, bookingLoader } from "../car-sharing.server";
import type { Route } from "./+types/booking";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];
export const loader = ({ request, context, params }: Route.LoaderArgs) => bookingLoader(context, request, params.id);
export const action = ({ request, context, params }: Route.ActionArgs) => bookingAction(context, request, params.id);

export default function BookingDetails({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("carSharing");
  const { t: te } = useTranslation("errors");
  const { booking: b, canCancel, confirmCancel, created, cancelled, canEdit, updated, editFailed } = loaderData;
  const failed = formFailure(actionData, "cancel");
  return (
    <section>
      <header className="page-header">
        <h1>
          {t("booking.title")} · {b.registration}
        </h1>
        <Link to="/car-sharing/calendar">{t("booking.back")}</Link>
      </header>
      {created && (
        <div className="alert alert-ok" role="status" data-testid="notice">
          {t("booking.created")}
        </div>
      )}
      {cancelled && (
        <div className="alert alert-ok" role="status" data-testid="notice">
          {t("booking.cancelled")}
        </div>
      )}
      {updated && (
        <div className="alert alert-ok" role="status" data-testid="notice">
          {t("booking.updated")}
        </div>
      )}
      {editFailed && (
        <div className="alert alert-error" role="alert" data-testid="form-alert">
          {te("BOOKING_EDIT_FAILED")}
        </div>
      )}
      {failed && (
        <div className="alert alert-error" role="alert" data-testid="form-alert">
          {te(failed.code, { defaultValue: te("BOOKING_CANCEL_FAILED") })}
        </div>
      )}
      <dl className="cs-details" data-testid="booking-details">
        <dt>{t("booking.status")}</dt>
        <dd data-testid="booking-status">
          {t(`status.${b.status}`)}
          {b.no_show ? ` · ${t("booking.noShow")}` : ""}
          {b.returned_at ? ` · ${t("booking.returned", { time: b.returned_at })}` : ""}
        </dd>
        <dt>{t("booking.user")}</dt>
        <dd>{b.user_name}</dd>
        <dt>{t("booking.vehicle")}</dt>
        <dd>{b.registration}</dd>
        <dt>{t("booking.type")}</dt>
        <dd>{t(`types.${b.type}`)}</dd>
        <dt>{t("booking.passengers")}</dt>
        <dd>{b.passengers.length ? b.passengers.join(", ") : t("booking.passengersNone")}</dd>
        <dt>{t("booking.destination")}</dt>
        <dd>{b.destination}</dd>
        <dt>{t("booking.purpose")}</dt>
        <dd>{b.purpose ?? `${t("booking.other")}: ${b.other_reason ?? ""}`}</dd>
        <dt>{t("booking.start")}</dt>
        <dd>{b.start}</dd>
        <dt>{t("booking.end")}</dt>
        <dd>{b.end}</dd>
        <dt>{t("booking.notifyUsers")}</dt>
        <dd>{b.notify_users ? "✓" : "–"}</dd>
      </dl>
      <h2>{t("booking.usage")}</h2>
      <dl className="cs-details" data-testid="booking-usage">
        <dt>{t("booking.distance")}</dt>
        <dd data-testid="booking-distance">
          {b.distance_km === null ? "–" : t("booking.km", { value: b.distance_km })}
        </dd>
        <dt>{t("booking.trips")}</dt>
        <dd>{b.trips}</dd>
        <dt>{t("booking.position")}</dt>
        <dd>
          {b.position
            ? `${b.position.lat.toFixed(5)}, ${b.position.lon.toFixed(5)} (${b.position.at})`
            : t("booking.noPosition")}
        </dd>
      </dl>
      {canEdit && !confirmCancel && (
        <Link to={`/car-sharing/bookings/${b.id}/edit`} className="button" data-testid="edit-start">
          {t("booking.edit")}
        </Link>
      )}{" "}
      {canCancel && !confirmCancel && (
        <Link to="?cancel=1" className="button danger" data-testid="cancel-start">
          {t("booking.cancel")}
        </Link>
      )}
      {canCancel && confirmCancel && (
        <div
          className="card alert-warn"
          role="alertdialog"
          aria-labelledby="cancel-question"
          data-testid="cancel-confirm"
        >
          <p id="cancel-question">{t("booking.cancelQuestion")}</p>
          <Form method="post" className="form-actions">
            <CsrfInput />
            <input type="hidden" name="intent" value="cancel" />
            <button type="submit" className="button danger" data-testid="cancel-confirm-button">
              {t("booking.confirmCancel")}
            </button>
            <Link to="?" className="button">
              {t("booking.keep")}
            </Link>
          </Form>
        </div>
      )}
    </section>
  );
}
