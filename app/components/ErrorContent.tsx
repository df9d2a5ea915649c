import { useTranslation } from "react-i18next";
import { createPath, isRouteErrorResponse, useLocation } from "react-router";
import { isChunkLoadTimeout } from "../lib/chunk-timeout";

export const errorStatus = (error: unknown) => (isRouteErrorResponse(error) ? error.status : 500);

/**
 * What every error boundary shows: "not found", "no access", or "Something went wrong!" with an offer to reload
 * (a plain link to the page, so it works without JavaScript; for a chunk that timed out, the page the user was
 * going to). `home`: the link back to the main page, left out on the public integrations pages.
 */
export function ErrorContent({ error, home = true }: { error: unknown; home?: boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  const status = errorStatus(error);
  const reload = status >= 500 ? (isChunkLoadTimeout(error) ? error.href : createPath(location)) : null;
  return (
    <>
      <h1>
        {status === 404 ? t("errorPage.notFound") : status === 403 ? t("errorPage.forbidden") : t("errorPage.title")}
      </h1>
      <p>{status === 404 && !home ? t("errorPage.notFoundPublic") : t("errorPage.body")}</p>
      {reload !== null && (
        <p>
          <a className="button primary" href={reload} data-testid="error-reload">
            {t("errorPage.reload")}
          </a>
        </p>
      )}
      {home && (
        <p>
          <a href="/manage">{t("errorPage.home")}</a>
        </p>
      )}
    </>
  );
}
