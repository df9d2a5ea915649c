import { useTranslation } from "react-i18next";
import { ListPage } from "../../../components/ListPage";
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
    <ListPage
      testId="video-search"
      title={t("tabs.search")}
      filters={
        <>
          <VideoTabs active="search" />
          <Filters vehicles={vehicles} timeZone={timeZone} mode="search" geofences={geofences} />
        </>
      }
      page={page}
    >
      <MediaTable items={page.items} timeZone={timeZone} />
    </ListPage>
  );
}
