import { useTranslation } from "react-i18next";
import { Pagination } from "../../../components/ListControls";
import { ListPage } from "../../../components/ListPage";
import { formFailure } from "../../../lib/form-failure";
import { Filters, VideoTabs } from "../components/Filters";
import { LiveRefresh } from "../components/LiveRefresh";
import { MediaTable } from "../components/MediaTable";
import { RequestForm } from "../components/RequestForm";
import { RetentionForm } from "../components/RetentionForm";
import { listLoader, requestAction } from "../video.server";
import type { Route } from "./+types/list";
import "../../../styles/map.css";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export const loader = ({ request, context }: Route.LoaderArgs) => listLoader(context, request, "list");
export const action = ({ request, context }: Route.ActionArgs) => requestAction(context, request);

export default function VideoList({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("video");
  const { page, vehicles, timeZone, canRequest, prefill } = loaderData;
  const open = page.items.some((m) => m.status === "requested" || m.status === "sent" || m.status === "uploading");
  return (
    <ListPage
      testId="video-page"
      title={t("title")}
      intro={<p className="muted">{t("intro")}</p>}
      filters={
        <>
          <LiveRefresh active={open} />
          <VideoTabs active="list" />
          {canRequest && (
            <RequestForm
              vehicles={vehicles}
              prefill={prefill}
              failure={formFailure(actionData, "save")}
              timeZone={timeZone}
            />
          )}
          <Filters vehicles={vehicles} timeZone={timeZone} mode="list" />
        </>
      }
    >
      <MediaTable items={page.items} timeZone={timeZone} />
      <Pagination page={page.page} pages={page.pages} total={page.total} />
      {loaderData.canSettings && (
        <RetentionForm
          days={loaderData.retentionDays}
          failure={formFailure(actionData, "retention")}
          saved={loaderData.retentionSaved}
        />
      )}
    </ListPage>
  );
}
