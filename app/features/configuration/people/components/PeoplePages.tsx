import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { FormPage } from "../../../../components/FormPage";
import { SearchBox } from "../../../../components/ListControls";
import { ListPage, Notice } from "../../../../components/ListPage";
import { RecordTable, type Column } from "../../../../components/RecordTable";
import { DeletePerson } from "./DeletePerson";
import { PersonForm, type PersonFormOptions } from "./PersonForm";

type Area = "drivers" | "users";

/** Full name of a person row: first, middle and last name, the missing ones left out. */
export const fullName = (p: { first_name: string; middle_name?: string | null; last_name: string }) =>
  [p.first_name, p.middle_name, p.last_name].filter(Boolean).join(" ");

/** The list page of drivers or users: title, add link, notices, search, table and pages; the area gives its columns. */
export function PeopleListPage<Row extends { id: string }>(props: {
  area: Area;
  page: { items: Row[]; page: number; pages: number; total: number };
  canWrite: boolean;
  /** The columns before the actions column. */
  columns: Column<Row>[];
  editPath: (id: string) => string;
}) {
  const { t } = useTranslation("people");
  const [params] = useSearchParams();
  const { area, page, canWrite } = props;
  return (
    <ListPage
      title={t(`${area}.title`)}
      add={canWrite && { to: `/configuration/${area}/add`, label: t(`${area}.add`) }}
      notices={
        <>
          {params.get("saved") && <Notice>{t("common:saved")}</Notice>}
          {params.get("deleted") && <Notice>{t("common:deleted")}</Notice>}
        </>
      }
      filters={<SearchBox placeholder={t(`${area}.search`)} />}
      page={page}
    >
      <RecordTable
        testId={`${area}-table`}
        rows={page.items}
        rowKey={(row) => row.id}
        empty={params.get("q") ? t("common:list.noResults") : t("common:list.empty")}
        columns={props.columns}
        actions={{
          header: t("list.actions"),
          render: (row) => [
            {
              kind: "link",
              to: props.editPath(row.id),
              label: canWrite ? t("common:actions.edit") : t("common:actions.open"),
            },
          ],
        }}
      />
    </ListPage>
  );
}

/** The edit page of a driver or user: heading, delete with confirmation and the person form (read-only without write). */
export function EditPersonPage(props: {
  area: Area;
  person: { first_name: string; last_name: string } & Record<string, unknown>;
  options: PersonFormOptions;
  canWrite: boolean;
  canDelete: boolean;
  failure?: unknown;
}) {
  const { t } = useTranslation("people");
  const { area, person, canWrite } = props;
  const name = `${person.first_name} ${person.last_name}`;
  return (
    <FormPage
      title={canWrite ? t(`${area}.edit`, { name }) : name}
      actions={props.canDelete && <DeletePerson name={name} />}
    >
      <PersonForm area={area} person={person} options={props.options} failure={props.failure} readOnly={!canWrite} />
    </FormPage>
  );
}

/** The add page of a driver or user: heading and the empty person form. */
export function AddPersonPage(props: { area: Area; options: PersonFormOptions; failure?: unknown }) {
  const { t } = useTranslation("people");
  return (
    <FormPage title={t(`${props.area}.add`)}>
      <PersonForm area={props.area} person={null} options={props.options} failure={props.failure} />
    </FormPage>
  );
}
