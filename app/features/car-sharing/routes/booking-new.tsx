import { useTranslation } from "react-i18next";
import { BookingForm } from "../components/BookingForm";
import { bookingFormAction, bookingFormLoader } from "../car-sharing.server";
import type { Route } from "./+types/booking-new";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];
export const loader = ({ request, context }: Route.LoaderArgs) => bookingFormLoader(context, request);
export const action = ({ request, context }: Route.ActionArgs) => bookingFormAction(context, request);

export default function NewBooking({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("carSharing");
  return (
    <section>
      <header className="page-header">
        <h1>{t("booking.newTitle")}</h1>
      </header>
      <BookingForm {...loaderData} failure={actionData && "violations" in actionData ? actionData : null} />
    </section>
  );
}
