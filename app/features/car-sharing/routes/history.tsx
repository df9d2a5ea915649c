import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { Pagination, SearchBox, SortHeader } from "../../../components/ListControls";
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
    <section>
      <header className="page-header">
        <h1>{t("history.title")}</h1>
        <a href={`/car-sharing/history.csv?${csv}`} className="button" data-testid="history-csv" download>
          {t("history.export")}
        </a>
      </header>
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
      <table className="table" data-testid="history-table">
        <thead>
          <tr>
            <SortHeader column="vehicle" label={t("booking.vehicle")} />
            <SortHeader column="user" label={t("booking.user")} />
            <th>{t("booking.destination")}</th>
            <th>{t("booking.purpose")}</th>
            <SortHeader column="start" label={t("booking.start")} />
            <SortHeader column="end" label={t("booking.end")} />
            <SortHeader column="status" label={t("booking.status")} />
            <th>{t("history.role")}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((b) => (
            <tr key={b.id}>
              <td>
                <Link to={`/car-sharing/bookings/${b.id}`}>{b.registration}</Link>
              </td>
              <td>{b.user_name}</td>
              <td>{b.destination}</td>
              <td>{b.purpose}</td>
              <td>{b.start}</td>
              <td>{b.end}</td>
              <td>{t(`status.${b.status}`)}</td>
              <td>
                {b.role && (
                  <span className={`badge cs-role-${b.role}`} data-testid="history-role" data-role={b.role}>
                    {t(`history.roles.${b.role}`)}
                  </span>
                )}
              </td>
            </tr>
          ))}
          {!items.length && (
            <tr>
              <td colSpan={8} className="muted">
                {t("history.empty")}
              </td>
            </tr>
          )}
        </tbody>
      </table>
      <Pagination page={page} pages={pages} total={total} />
    </section>
  );
}
