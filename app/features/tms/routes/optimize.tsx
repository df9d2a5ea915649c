import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { ListPage, Notice } from "../../../components/ListPage";
import { RecordTable } from "../../../components/RecordTable";
import { StatusBadge } from "../components/StatusBadge";
import { plansListLoader } from "../plans.server";
import type { Route } from "./+types/optimize";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context }: Route.LoaderArgs) {
  return plansListLoader(context, request);
}

/** Optimisations, draft or completed (spec section 4). */
export default function Optimizations({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("tms");
  const [params] = useSearchParams();
  const { plans, canWrite } = loaderData;
  return (
    <ListPage
      title={t("optimize.title")}
      add={canWrite && { to: "/tms/optimize/add", label: t("optimize.add"), testId: "add-plan" }}
      notices={params.has("deleted") && <Notice testId="notice">{t("common:deleted")}</Notice>}
    >
      <RecordTable
        testId="plans-table"
        rows={plans}
        rowKey={(x) => x.id}
        empty={t("optimize.empty")}
        columns={[
          { header: t("optimize.name"), cell: (x) => <Link to={`/tms/optimize/edit/${x.id}`}>{x.name}</Link> },
          { header: t("optimize.day"), cell: (x) => x.day },
          { header: t("optimize.orders"), cell: (x) => x.orders },
          { header: t("optimize.trucks"), cell: (x) => x.trucks },
          {
            header: t("optimize.status"),
            cell: (x) => (
              <>
                <StatusBadge status={x.status} />{" "}
                {x.status === "draft" && <small className="muted">{t(`optimize.runState.${x.run_state}`)}</small>}
                {x.dispatched && <small className="muted"> · {t("dispatch.dispatched", { at: "" })}</small>}
              </>
            ),
          },
        ]}
      />
    </ListPage>
  );
}
