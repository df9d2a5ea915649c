import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { BookingForm } from "../components/BookingForm";
import { bookingEditAction, bookingEditLoader } from "../car-sharing.server";
import type { Route } from "./+types/booking-edit";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];
export const loader = ({ request, context, params }: Route.LoaderArgs) =>
  bookingEditLoader(context, request, params.id);
export const action = ({ request, context, params }: Route.ActionArgs) =>
  bookingEditAction(context, request, params.id);

/** Editing an approved booking that has not started: the booking form with its stored values (works without JavaScript). */
export default function EditBooking({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("carSharing");
  const { booking, ...form } = loaderData;
  return (
    <section>
      <header className="page-header">
        <h1>
          {t("booking.editTitle")} · {booking.registration}
        </h1>
        <Link to={`/car-sharing/bookings/${booking.id}`}>{t("booking.editBack")}</Link>
      </header>
      <p data-testid="booking-user">
        {t("booking.user")}: {booking.user_name}
      </p>
      <BookingForm {...form} failure={actionData && "violations" in actionData ? actionData : null} />
    </section>
  );
}
