import { useTranslation } from "react-i18next";
import { Form, Link, useLocation, useSearchParams } from "react-router";

export function SearchBox({ placeholder, children }: { placeholder?: string; children?: React.ReactNode }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  return (
    <Form method="get" className="search-box" role="search">
      <input
        type="search"
        name="q"
        defaultValue={params.get("q") ?? ""}
        placeholder={placeholder ?? t("actions.search")}
        aria-label={t("actions.search")}
      />
      {params.get("sort") && <input type="hidden" name="sort" value={params.get("sort") ?? ""} />}
      {params.get("dir") && <input type="hidden" name="dir" value={params.get("dir") ?? ""} />}
      {children}
      <button type="submit" className="button">
        {t("actions.search")}
      </button>
    </Form>
  );
}

/** Column header link that sorts on the server; toggles direction on the active column. */
export function SortHeader({ column, label }: { column: string; label: string }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const location = useLocation();
  const active = params.get("sort") === column;
  const dir = active && params.get("dir") !== "desc" ? "desc" : "asc";
  const next = new URLSearchParams(params);
  next.set("sort", column);
  next.set("dir", dir);
  next.delete("page");
  return (
    <th aria-sort={active ? (params.get("dir") === "desc" ? "descending" : "ascending") : "none"}>
      <Link to={`${location.pathname}?${next}`} title={t("list.sortBy", { column: label })}>
        {label} {active ? (params.get("dir") === "desc" ? "▼" : "▲") : ""}
      </Link>
    </th>
  );
}

export function Pagination({ page, pages, total }: { page: number; pages: number; total: number }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const location = useLocation();
  const href = (n: number) => {
    const next = new URLSearchParams(params);
    next.set("page", String(n));
    return `${location.pathname}?${next}`;
  };
  return (
    <nav className="pagination" aria-label="pagination">
      <span>{t("list.total", { total })}</span>
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev">
          {t("list.previous")}
        </Link>
      ) : (
        <span className="disabled">{t("list.previous")}</span>
      )}
      <span>{t("list.page", { page, pages })}</span>
      {page < pages ? (
        <Link to={href(page + 1)} rel="next">
          {t("list.next")}
        </Link>
      ) : (
        <span className="disabled">{t("list.next")}</span>
      )}
    </nav>
  );
}
