import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { Pagination, SearchBox } from "../../../../components/ListControls";
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
  /** The sortable and plain header cells, before the actions column. */
  headers: ReactNode;
  /** How many columns `headers` has. */
  columns: number;
  cells: (row: Row) => ReactNode;
  editPath: (id: string) => string;
}) {
  const { t } = useTranslation("people");
  const [params] = useSearchParams();
  const { area, page, canWrite } = props;
  return (
    <section>
      <header className="page-header">
        <h1>{t(`${area}.title`)}</h1>
        {canWrite && (
          <Link to={`/configuration/${area}/add`} className="button primary">
            {t(`${area}.add`)}
          </Link>
        )}
      </header>
      {params.get("saved") && (
        <div className="alert alert-ok" role="status">
          {t("common:saved")}
        </div>
      )}
      {params.get("deleted") && (
        <div className="alert alert-ok" role="status">
          {t("common:deleted")}
        </div>
      )}
      <SearchBox placeholder={t(`${area}.search`)} />
      <table className="table" data-testid={`${area}-table`}>
        <thead>
          <tr>
            {props.headers}
            <th>
              <span className="visually-hidden">{t("list.actions")}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {page.items.map((row) => (
            <tr key={row.id}>
              {props.cells(row)}
              <td className="table-actions">
                <Link to={props.editPath(row.id)}>
                  {canWrite ? t("common:actions.edit") : t("common:actions.open")}
                </Link>
              </td>
            </tr>
          ))}
          {page.items.length === 0 && (
            <tr>
              <td colSpan={props.columns + 1} className="muted">
                {params.get("q") ? t("common:list.noResults") : t("common:list.empty")}
              </td>
            </tr>
          )}
        </tbody>
      </table>
      <Pagination page={page.page} pages={page.pages} total={page.total} />
    </section>
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
    <section>
      <header className="page-header">
        <h1>{canWrite ? t(`${area}.edit`, { name }) : name}</h1>
        {props.canDelete && <DeletePerson name={name} />}
      </header>
      <PersonForm area={area} person={person} options={props.options} failure={props.failure} readOnly={!canWrite} />
    </section>
  );
}

/** The add page of a driver or user: heading and the empty person form. */
export function AddPersonPage(props: { area: Area; options: PersonFormOptions; failure?: unknown }) {
  const { t } = useTranslation("people");
  return (
    <section>
      <header className="page-header">
        <h1>{t(`${props.area}.add`)}</h1>
      </header>
      <PersonForm area={props.area} person={null} options={props.options} failure={props.failure} />
    </section>
  );
}
