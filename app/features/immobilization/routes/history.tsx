import { useTranslation } from "react-i18next";
import { Form, useSearchParams } from "react-router";
import { Pagination } from "../../../components/ListControls";
import { formatDateTime } from "../../../lib/map/time";
import { historyLoader } from "../immobilization.server";
import type { Route } from "./+types/history";
import "../../../styles/map.css";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

const STATUS_CLASS: Record<string, string> = {
  Blocked: "status-stopped",
  Unblocked: "status-moving",
  Failed: "status-failed",
  Pending: "status-unknown",
};

export function loader({ request, context }: Route.LoaderArgs) {
  return historyLoader(context, request);
}

export default function ImmobilizationHistory({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("immobilization");
  const [params] = useSearchParams();
  const { page, vehicles, timeZone } = loaderData;
  return (
    <section>
      <header className="page-header">
        <h1>{t("title")}</h1>
        <p className="muted">{t("intro")}</p>
      </header>
      <Form method="get" className="search-box">
        <select name="vehicle" defaultValue={params.get("vehicle") ?? ""} aria-label={t("vehicle")}>
          <option value="">{t("allVehicles")}</option>
          {vehicles.map((v) => (
            <option key={v.id} value={v.id}>
              {v.registration}
            </option>
          ))}
        </select>
        <button type="submit" className="button">
          {t("filter")}
        </button>
      </Form>
      <table className="table" data-testid="immobilization-history">
        <thead>
          <tr>
            <th>{t("vehicle")}</th>
            <th>{t("actionColumn")}</th>
            <th>{t("statusColumn")}</th>
            <th>{t("requestedBy")}</th>
            <th>{t("requestedAt")}</th>
            <th>{t("answer")}</th>
          </tr>
        </thead>
        <tbody>
          {page.items.map((r) => (
            <tr key={r.id} data-status={r.status}>
              <td>{r.registration}</td>
              <td>{t(`action.${r.action}`)}</td>
              <td>
                <span className={`status ${STATUS_CLASS[r.status] ?? "status-unknown"}`}>
                  {t(`status.${r.status}`)}
                </span>
              </td>
              <td>{r.requestedBy ?? "—"}</td>
              <td>{formatDateTime(r.createdAt, timeZone)}</td>
              <td>
                {r.error
                  ? t(`reasons.${r.error}`, { defaultValue: r.error })
                  : r.answeredAt
                    ? formatDateTime(r.answeredAt, timeZone)
                    : "—"}
              </td>
            </tr>
          ))}
          {page.items.length === 0 && (
            <tr>
              <td colSpan={6} className="muted">
                {t("empty")}
              </td>
            </tr>
          )}
        </tbody>
      </table>
      <Pagination page={page.page} pages={page.pages} total={page.total} />
    </section>
  );
}
