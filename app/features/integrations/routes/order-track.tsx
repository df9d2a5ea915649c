import { useTranslation } from "react-i18next";
import { TRACKING_TOKEN_PARAM, orderTracking } from "../integrations.server";
import type { Route } from "./+types/order-track";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }, { name: "robots", content: "noindex, nofollow" }];

/** Public order tracking (spec route /int/order-track): the link's token is the only credential. */
export function loader({ request }: Route.LoaderArgs) {
  return { tracking: orderTracking(new URL(request.url).searchParams.get(TRACKING_TOKEN_PARAM)) };
}

export default function OrderTrack({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("integrations");
  const { tracking } = loaderData;
  return (
    <section className="int-card" data-testid="order-track" data-state={tracking.state} aria-labelledby="order-track-title">
      <p className="kicker">{t("orderTrack.title")}</p>
      <div className="int-state" role="status">
        <span className="int-state-icon" aria-hidden="true">!</span>
        <div>
          <h1 id="order-track-title">{t("orderTrack.invalid.title")}</h1>
          <p>{t("orderTrack.invalid.body")}</p>
          <p className="muted">{t("orderTrack.invalid.hint")}</p>
        </div>
      </div>
    </section>
  );
}
