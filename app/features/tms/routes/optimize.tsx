import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
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
    <section>
      <header className="page-header">
        <h1>{t("optimize.title")}</h1>
        {canWrite && (
          <Link to="/tms/optimize/add" className="button primary" data-testid="add-plan">
            {t("optimize.add")}
          </Link>
        )}
      </header>
      {params.has("deleted") && (
        <div className="alert alert-ok" role="status" data-testid="notice">
          {t("common:deleted")}
        </div>
      )}
      <table className="table" data-testid="plans-table">
        <thead>
          <tr>
            <th>{t("optimize.name")}</th>
            <th>{t("optimize.day")}</th>
            <th>{t("optimize.orders")}</th>
            <th>{t("optimize.trucks")}</th>
            <th>{t("optimize.status")}</th>
          </tr>
        </thead>
        <tbody>
          {plans.map((x) => (
            <tr key={x.id}>
              <td>
                <Link to={`/tms/optimize/edit/${x.id}`}>{x.name}</Link>
              </td>
              <td>{x.day}</td>
              <td>{x.orders}</td>
              <td>{x.trucks}</td>
              <td>
                <StatusBadge status={x.status} />{" "}
                {x.status === "draft" && <small className="muted">{t(`optimize.runState.${x.run_state}`)}</small>}
                {x.dispatched && <small className="muted"> · {t("dispatch.dispatched", { at: "" })}</small>}
              </td>
            </tr>
          ))}
          {plans.length === 0 && (
            <tr>
              <td colSpan={5} className="muted">
                {t("optimize.empty")}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </section>
  );
}
