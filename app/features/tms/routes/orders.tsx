import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { SearchBox } from "../../../components/ListControls";
import { ListPage, Notice } from "../../../components/ListPage";
import { RecordTable } from "../../../components/RecordTable";
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
    <ListPage
      title={t("orders.title")}
      add={canWrite && { to: "/tms/orders/add", label: t("orders.add"), testId: "add-order" }}
      notices={
        <>
          {params.has("deleted") && <Notice testId="notice">{t("orders.deleted")}</Notice>}
          {params.get("imported") && (
            <Notice testId="notice">{t("import.saved", { count: Number(params.get("imported")) })}</Notice>
          )}
        </>
      }
      filters={
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
      }
      page={page}
    >
      <RecordTable
        testId="orders-table"
        rows={page.items}
        rowKey={(o) => o.id}
        empty={t(params.get("q") ? "common:list.noResults" : "common:list.empty")}
        columns={[
          {
            header: t("order.fields.order_id"),
            sort: "order_id",
            cell: (o) => <Link to={`/tms/orders/${o.id}`}>{o.order_id}</Link>,
          },
          { header: t("order.fields.client_order_id"), cell: (o) => o.client_order_id ?? t("common:none") },
          {
            header: t("order.fields.customer_code"),
            sort: "customer_code",
            cell: (o) => `${o.customer_code}${o.customer_name ? ` · ${o.customer_name}` : ""}`,
          },
          { header: t("order.fields.region"), cell: (o) => o.region ?? t("common:none") },
          { header: t("order.fields.packets"), cell: (o) => o.packets },
          { header: t("order.fields.weight"), sort: "weight", cell: (o) => o.weight },
          { header: t("order.fields.delivery_date_at"), sort: "delivery_date_at", cell: (o) => o.delivery_date_at },
          { header: t("order.fields.status"), sort: "status", cell: (o) => <StatusBadge status={o.status} /> },
        ]}
      />
    </ListPage>
  );
}
