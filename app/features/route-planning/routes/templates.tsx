import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { SearchBox } from "../../../components/ListControls";
import { ListPage, Notice } from "../../../components/ListPage";
import { RecordTable } from "../../../components/RecordTable";
import { templatesListLoader } from "../route-planning.server";
import { TEMPLATES_PATH } from "../paths";
import type { Route } from "./+types/templates";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context }: Route.LoaderArgs) {
  return templatesListLoader(context, request);
}

export default function TemplatesList({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("routePlanning");
  const [params] = useSearchParams();
  const { page, canWrite } = loaderData;
  return (
    <ListPage
      title={t("templates.title")}
      add={canWrite && { to: `${TEMPLATES_PATH}/add`, label: t("templates.add"), testId: "add-template" }}
      notices={
        <>
          {params.has("deleted") && <Notice>{t("templates.deleted")}</Notice>}
          <p className="muted">{t("templates.intro")}</p>
        </>
      }
      filters={<SearchBox placeholder={t("templates.search")} />}
      page={page}
    >
      <RecordTable
        testId="templates-table"
        rows={page.items}
        rowKey={(tpl) => tpl.id}
        empty={t("templates.empty")}
        columns={[
          {
            header: t("fields.name"),
            sort: "name",
            cell: (tpl) => <Link to={`${TEMPLATES_PATH}/edit/${tpl.id}`}>{tpl.name}</Link>,
          },
          { header: t("fields.days"), cell: (tpl) => tpl.days.map((d) => t(`weekdaysShort.${d}`)).join(", ") },
          { header: t("fields.dates"), cell: (tpl) => tpl.dates.join(", ") },
          { header: t("templates.stops"), cell: (tpl) => Number(tpl.stops ?? 0) },
        ]}
      />
    </ListPage>
  );
}
