import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { CsrfInput } from "../../../components/forms";
import { carsAction, carsLoader } from "../cars.server";
import type { Route } from "./+types/cars";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];
export const loader = ({ request, context }: Route.LoaderArgs) => carsLoader(context, request);
export const action = ({ request, context }: Route.ActionArgs) => carsAction(context, request);

/** Car sharing on the phone: a time slot, the free pool vehicles, booking one, one's own bookings. */
export default function DriverCars({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("driver");
  const { t: te } = useTranslation("errors");
  if (!loaderData.access) return <p className="driver-section">{t("cars.noAccess")}</p>;
  const d = loaderData;
  const refused = actionData && "violations" in actionData ? actionData : null;
  return (
    <>
      {d.booked && (
        <p className="driver-banner ok" role="status" data-testid="booked">
          {t("cars.booked", {
            vehicle: d.mine.find((b) => b.id === d.booked)?.registration ?? "",
            from: d.mine.find((b) => b.id === d.booked)?.start ?? "",
            to: d.mine.find((b) => b.id === d.booked)?.end ?? "",
          })}
        </p>
      )}
      {d.cancelled && (
        <p className="driver-banner ok" role="status">
          {t("cars.cancelled")}
        </p>
      )}
      {refused && (
        <div className="driver-banner error" role="alert" data-testid="booking-refused">
          <p>{t("cars.refused")}</p>
          <ul>
            {refused.violations.map((v) => (
              <li key={`${v.code}-${v.field}`} data-code={v.code}>
                {te(v.code, { ...v.params, defaultValue: te("generic") })}
              </li>
            ))}
          </ul>
        </div>
      )}
      <section className="driver-section">
        <h2>{t("cars.title")}</h2>
        <Form method="get" className="driver-form">
          <fieldset>
            <legend>{t("cars.slot")}</legend>
            <label>
              {t("cars.start")}
              <input type="datetime-local" name="start" required defaultValue={d.slot.start} />
            </label>
            <label>
              {t("cars.end")}
              <input type="datetime-local" name="end" required defaultValue={d.slot.end} />
            </label>
          </fieldset>
          <button type="submit" className="driver-button primary" data-testid="find-free">
            {t("cars.search")}
          </button>
        </Form>
        {d.slot.asked && !d.slotValid && <p className="driver-error">{te("END_BEFORE_START")}</p>}
      </section>
      {d.free && (
        <section className="driver-section">
          <h2>{t("cars.free")}</h2>
          {!d.free.length && <p className="muted">{t("cars.noneFree")}</p>}
          <ul className="driver-list">
            {d.free.map((v) => (
              <li key={v.id} className="driver-card" data-testid="free-vehicle">
                <h3>{v.registration}</h3>
                {d.canBook && (
                  <Form method="post" className="driver-form" data-unsaved-guard>
                    <CsrfInput />
                    <input type="hidden" name="intent" value="book" />
                    <input type="hidden" name="vehicle_id" value={v.id} />
                    <input type="hidden" name="start" value={d.slot.start} />
                    <input type="hidden" name="end" value={d.slot.end} />
                    <label>
                      {t("cars.type")}
                      <select name="type" defaultValue="shared">
                        {d.types.map((type) => (
                          <option key={type} value={type}>
                            {t(`carSharing:types.${type}`)}
                          </option>
                        ))}
                      </select>
                    </label>
                    <label>
                      {t("cars.destination")}
                      <input name="destination" required maxLength={200} />
                    </label>
                    <label>
                      {t("cars.purpose")}
                      <select name="purpose" required defaultValue="">
                        <option value="">{t("cars.choose")}</option>
                        {d.purposes.map((p) => (
                          <option key={p.id} value={p.id}>
                            {p.label}
                          </option>
                        ))}
                        <option value={d.otherPurpose}>{t("cars.purposeOther")}</option>
                      </select>
                    </label>
                    <label>
                      {t("cars.otherReason")}
                      <input name="other_reason" maxLength={500} />
                    </label>
                    <button type="submit" className="driver-button primary" data-testid="book">
                      {t("cars.book")}
                    </button>
                  </Form>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
      <section className="driver-section">
        <h2>{t("cars.mine")}</h2>
        {!d.mine.length && <p className="muted">{t("cars.noneMine")}</p>}
        <ul className="driver-list">
          {d.mine.map((b) => (
            <li key={b.id} className="driver-card" data-testid="my-booking">
              <h3>{b.registration}</h3>
              <p className="driver-times">
                <span>
                  {b.start} – {b.end}
                </span>
                <span>{b.destination}</span>
                <span>{t(`carSharing:status.${b.status}`, { defaultValue: b.status })}</span>
              </p>
              {d.canBook && b.status === "approved" && (
                <Form method="post">
                  <CsrfInput />
                  <input type="hidden" name="intent" value="cancel" />
                  <input type="hidden" name="booking_id" value={b.id} />
                  <button type="submit" className="driver-button" data-testid="cancel-booking">
                    {t("cars.cancel")}
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
