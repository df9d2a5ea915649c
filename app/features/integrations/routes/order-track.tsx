import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useRevalidator } from "react-router";
import { TRACKING_TOKEN_PARAM, orderTracking } from "../integrations.server";
import type { Route } from "./+types/order-track";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }, { name: "robots", content: "noindex, nofollow" }];

/** Public order tracking (spec route /int/order-track): the link's token is the only credential. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return { tracking: await orderTracking(context.app, new URL(request.url).searchParams.get(TRACKING_TOKEN_PARAM)) };
}

export default function OrderTrack({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("integrations");
  const { tracking } = loaderData;
  const revalidator = useRevalidator();
  const onTheWay = tracking.state === "ok" && tracking.status === "STARTED";
  useEffect(() => {
    if (!onTheWay) return;
    const timer = setInterval(() => revalidator.revalidate(), 30_000);
    return () => clearInterval(timer);
  }, [onTheWay, revalidator]);
  if (tracking.state !== "ok") {
    return (
      <section
        className="int-card"
        data-testid="order-track"
        data-state={tracking.state}
        aria-labelledby="order-track-title"
      >
        <p className="kicker">{t("orderTrack.title")}</p>
        <div className="int-state" role="status">
          <span className="int-state-icon" aria-hidden="true">
            !
          </span>
          <div>
            <h1 id="order-track-title">{t("orderTrack.invalid.title")}</h1>
            <p>{t("orderTrack.invalid.body")}</p>
            <p className="muted">{t("orderTrack.invalid.hint")}</p>
          </div>
        </div>
      </section>
    );
  }
  const osm = tracking.truck
    ? `https://www.openstreetmap.org/?mlat=${tracking.truck.lat}&mlon=${tracking.truck.lon}#map=14/${tracking.truck.lat}/${tracking.truck.lon}`
    : null;
  return (
    <section
      className="int-card"
      data-testid="order-track"
      data-state="ok"
      data-status={tracking.status}
      aria-labelledby="order-track-title"
    >
      <p className="kicker">{t("orderTrack.title")}</p>
      <h1 id="order-track-title">{t("orderTrack.order", { reference: tracking.reference })}</h1>
      <p className="int-status" role="status" data-testid="track-status">
        {t(`orderTrack.status.${tracking.status}`)}
      </p>
      <dl className="int-details">
        <div>
          <dt>{t("orderTrack.deliveryDate")}</dt>
          <dd>{tracking.deliveryDate}</dd>
        </div>
        {tracking.etaText && (
          <div>
            <dt>{t("orderTrack.eta")}</dt>
            <dd data-testid="track-eta">{tracking.etaText}</dd>
          </div>
        )}
        {tracking.stopsBefore !== null && tracking.status === "STARTED" && (
          <div>
            <dt>{t("orderTrack.stopsBefore")}</dt>
            <dd data-testid="track-stops">{tracking.stopsBefore}</dd>
          </div>
        )}
        {tracking.finishedText && (
          <div>
            <dt>{t("orderTrack.deliveredAt")}</dt>
            <dd>{tracking.finishedText}</dd>
          </div>
        )}
      </dl>
      {tracking.truck && (
        <p data-testid="track-truck" data-lat={tracking.truck.lat} data-lon={tracking.truck.lon}>
          {t("orderTrack.truckAt", { lat: tracking.truck.lat.toFixed(5), lon: tracking.truck.lon.toFixed(5) })}{" "}
          {osm && (
            <a href={osm} rel="noreferrer noopener" target="_blank">
              {t("orderTrack.openMap")}
            </a>
          )}
        </p>
      )}
      {tracking.status === "STARTED" && !tracking.truck && <p className="muted">{t("orderTrack.noPosition")}</p>}
    </section>
  );
}
