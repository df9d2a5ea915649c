import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { Pagination, SearchBox, SortHeader } from "../../../components/ListControls";
import { DateField } from "../../../components/dates";
import { ORDER_STATUSES } from "../../../../server/modules/tms/tms.schema";
import { StatusBadge } from "../components/StatusBadge";
import { ordersListLoader } from "../orders.server";
import type { Route } from "./+types/orders";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context }: Route.LoaderArgs) {
  return ordersListLoader(context, request);
}

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("tms");
  const [params] = useSearchParams();
  const { page, canWrite } = loaderData;
  return (
    <section>
      <header className="page-header">
        <h1>{t("orders.title")}</h1>
        {canWrite && (
          <Link to="/tms/orders/add" className="button primary" data-testid="add-order">
            {t("orders.add")}
          </Link>
        )}
      </header>
      {params.has("deleted") && (
        <div className="alert alert-ok" role="status" data-testid="notice">
          {t("orders.deleted")}
        </div>
      )}
      {params.get("imported") && (
        <div className="alert alert-ok" role="status" data-testid="notice">
          {t("import.saved", { count: Number(params.get("imported")) })}
        </div>
      )}
      <SearchBox placeholder={t("orders.search")}>
        <label>
          <span>{t("order.fields.status")}</span>
          <select name="status" defaultValue={params.get("status") ?? ""} data-testid="status-filter">
            <option value="">{t("common:all")}</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`status.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>{t("order.fields.delivery_date_at")}</span>
          <DateField name="day" defaultValue={params.get("day") ?? ""} />
        </label>
      </SearchBox>
      <table className="table" data-testid="orders-table">
        <thead>
          <tr>
            <SortHeader column="order_id" label={t("order.fields.order_id")} />
            <th>{t("order.fields.client_order_id")}</th>
            <SortHeader column="customer_code" label={t("order.fields.customer_code")} />
            <th>{t("order.fields.region")}</th>
            <th>{t("order.fields.packets")}</th>
            <SortHeader column="weight" label={t("order.fields.weight")} />
            <SortHeader column="delivery_date_at" label={t("order.fields.delivery_date_at")} />
            <SortHeader column="status" label={t("order.fields.status")} />
          </tr>
        </thead>
        <tbody>
          {page.items.map((o) => (
            <tr key={o.id}>
              <td>
                <Link to={`/tms/orders/${o.id}`}>{o.order_id}</Link>
              </td>
              <td>{o.client_order_id ?? t("common:none")}</td>
              <td>
                {o.customer_code}
                {o.customer_name ? ` · ${o.customer_name}` : ""}
              </td>
              <td>{o.region ?? t("common:none")}</td>
              <td>{o.packets}</td>
              <td>{o.weight}</td>
              <td>{o.delivery_date_at}</td>
              <td>
                <StatusBadge status={o.status} />
              </td>
            </tr>
          ))}
          {page.items.length === 0 && (
            <tr>
              <td colSpan={8} className="muted">
                {t(params.get("q") ? "common:list.noResults" : "common:list.empty")}
              </td>
            </tr>
          )}
        </tbody>
      </table>
      <Pagination page={page.page} pages={page.pages} total={page.total} />
    </section>
  );
}
