import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH } from "../../../../server/modules/search/search.schema";
import { SearchGroups } from "../components/SearchGroups";
import { searchLoader } from "../search.server";
import type { Route } from "./+types/search";
import "../search.css";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context }: Route.LoaderArgs) {
  return searchLoader(context, request);
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("search");
  const { q, groups, tooLong } = loaderData;
  return (
    <article className="stack search-page" data-testid="search-page">
      <header className="page-header">
        <h1>{q ? t("resultsFor", { q }) : t("title")}</h1>
      </header>
      <Form method="get" action="/search" role="search" className="search-page-form">
        <label htmlFor="search-page-q" className="visually-hidden">
          {t("label")}
        </label>
        <input
          id="search-page-q"
          name="q"
          type="search"
          defaultValue={q}
          maxLength={SEARCH_MAX_LENGTH}
          autoComplete="off"
          aria-invalid={tooLong || undefined}
        />
        <button type="submit" className="primary">
          {t("submit")}
        </button>
      </Form>
      {tooLong ? (
        <p className="alert alert-error" role="alert" data-testid="search-too-long">
          {t("tooLong", { count: SEARCH_MAX_LENGTH })}
        </p>
      ) : q.length < SEARCH_MIN_LENGTH ? (
        <p className="muted">{t("tooShort", { count: SEARCH_MIN_LENGTH })}</p>
      ) : groups.length === 0 ? (
        <p className="muted" data-testid="search-none">
          {t("none", { q })}
        </p>
      ) : (
        <SearchGroups groups={groups} />
      )}
    </article>
  );
}
