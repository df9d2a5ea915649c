import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { SEARCH_MIN_LENGTH, searchQuerySchema } from "../../../../server/modules/search/search.schema";
import { searchEverything } from "../../../../server/modules/search/search.service";
import { requireUser } from "../../../lib/route-kit.server";
import { SearchGroups } from "../components/SearchGroups";
import type { Route } from "./+types/search";
import "../search.css";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const p = requireUser(context, request);
  const { q } = searchQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return searchEverything(context.app, p, q);
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("search");
  const { q, groups } = loaderData;
  return (
    <article className="stack search-page" data-testid="search-page">
      <header className="page-header">
        <h1>{q ? t("resultsFor", { q }) : t("title")}</h1>
      </header>
      <Form method="get" action="/search" role="search" className="search-page-form">
        <label htmlFor="search-page-q" className="visually-hidden">
          {t("label")}
        </label>
        <input id="search-page-q" name="q" type="search" defaultValue={q} maxLength={100} autoComplete="off" />
        <button type="submit" className="primary">
          {t("submit")}
        </button>
      </Form>
      {q.length < SEARCH_MIN_LENGTH ? (
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
