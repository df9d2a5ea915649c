import { useTranslation } from "react-i18next";
import { Pagination } from "../../../components/ListControls";
import { Filters, VideoTabs } from "../components/Filters";
import { MediaTable } from "../components/MediaTable";
import { listLoader } from "../video.server";
import type { Route } from "./+types/search";
import "../../../styles/map.css";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export const loader = ({ request, context }: Route.LoaderArgs) => listLoader(context, request, "search");

/** Find footage by vehicle, period, trigger and place (within a geofence or near a point). */
export default function VideoSearch({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("video");
  const { page, vehicles, timeZone, geofences } = loaderData;
  return (
    <section data-testid="video-search">
      <header className="page-header">
        <h1>{t("tabs.search")}</h1>
      </header>
      <VideoTabs active="search" />
      <Filters vehicles={vehicles} timeZone={timeZone} mode="search" geofences={geofences} />
      <MediaTable items={page.items} timeZone={timeZone} />
      <Pagination page={page.page} pages={page.pages} total={page.total} />
    </section>
  );
}
