import { useTranslation } from "react-i18next";
import { SearchBox } from "../../../components/ListControls";
import { ListPage, Notice } from "../../../components/ListPage";
import { organizationsLoader } from "../admin.server";
import { OrganizationsTable } from "../components/OrganizationsTable";
import type { Route } from "./+types/organizations";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context }: Route.LoaderArgs) {
  return organizationsLoader(request, context);
}

export default function Organizations({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { page, notice } = loaderData;
  return (
    <ListPage
      title={t("organizations.title")}
      intro={<p className="muted">{t("organizations.intro")}</p>}
      add={{ to: "/administration/organizations/add", label: t("organizations.add"), testId: "add-organization" }}
      notices={notice === "deleted" && <Notice>{t("notices.deleted")}</Notice>}
      filters={<SearchBox placeholder={t("organizations.search")} />}
      page={page}
    >
      <OrganizationsTable items={page.items} />
    </ListPage>
  );
}
