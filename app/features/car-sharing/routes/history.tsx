import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { SearchBox } from "../../../components/ListControls";
import { ListPage } from "../../../components/ListPage";
import { RecordTable } from "../../../components/RecordTable";
import { HISTORY_TABS } from "../../../../server/modules/car-sharing/car-sharing.schema";
import { historyLoader } from "../car-sharing.server";
import type { Route } from "./+types/history";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];
export const loader = ({ request, context }: Route.LoaderArgs) => historyLoader(context, request);

export default function History({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("carSharing");
  const [params] = useSearchParams();
  const { tab, items, total, page, pages } = loaderData;
  const csv = new URLSearchParams(params);
  csv.delete("page");
  return (
    <ListPage
      title={t("history.title")}
      actions={
        <a href={`/car-sharing/history.csv?${csv}`} className="button" data-testid="history-csv" download>
          {t("history.export")}
        </a>
      }
      filters={
        <>
          <nav className="cs-tabs cs-subtabs" data-testid="history-tabs">
            {HISTORY_TABS.map((key) => (
              <Link
                key={key}
                to={`?tab=${key}`}
                className={key === tab ? "active" : undefined}
                aria-current={key === tab ? "page" : undefined}
              >
                {t(`history.tabs.${key}`)}
              </Link>
            ))}
          </nav>
          <SearchBox>
            <input type="hidden" name="tab" value={tab} />
          </SearchBox>
        </>
      }
      page={{ page, pages, total }}
    >
      <RecordTable
        testId="history-table"
        rows={items}
        rowKey={(b) => b.id}
        empty={t("history.empty")}
        columns={[
          {
            header: t("booking.vehicle"),
            sort: "vehicle",
            cell: (b) => <Link to={`/car-sharing/bookings/${b.id}`}>{b.registration}</Link>,
          },
          { header: t("booking.user"), sort: "user", cell: (b) => b.user_name },
          { header: t("booking.destination"), cell: (b) => b.destination },
          { header: t("booking.purpose"), cell: (b) => b.purpose },
          { header: t("booking.start"), sort: "start", cell: (b) => b.start },
          { header: t("booking.end"), sort: "end", cell: (b) => b.end },
          { header: t("booking.status"), sort: "status", cell: (b) => t(`status.${b.status}`) },
          {
            header: t("history.role"),
            cell: (b) =>
              b.role && (
                <span className={`badge cs-role-${b.role}`} data-testid="history-role" data-role={b.role}>
                  {t(`history.roles.${b.role}`)}
                </span>
              ),
          },
        ]}
      />
    </ListPage>
  );
}
