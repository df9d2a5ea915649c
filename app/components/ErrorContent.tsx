import { useTranslation } from "react-i18next";
import { createPath, isRouteErrorResponse, useLocation } from "react-router";
import { isChunkLoadTimeout } from "../lib/chunk-timeout";
import { useErrorText } from "./forms";

export const errorStatus = (error: unknown) => (isRouteErrorResponse(error) ? error.status : 500);

interface Refusal {
  code: string;
  fields: Array<[string, string[]]>;
}

/**
 * A request the server refused before any page ran (server/http/page-guard.ts: a NUL in a text, a body that is not
 * a readable form) or an upload too large: its code and the fields it names, as the API's error body carries them.
 */
function refusalOf(error: unknown): Refusal | null {
  if (!isRouteErrorResponse(error) || ![400, 413, 415].includes(error.status)) return null;
  const body = error.data as { error?: unknown; fields?: unknown } | null;
  if (typeof body?.error !== "string") return null;
  const fields = body.fields && typeof body.fields === "object" ? Object.entries(body.fields) : [];
  return { code: body.error, fields: fields.filter((f): f is [string, string[]] => Array.isArray(f[1])) };
}

function RefusalText({ refusal }: { refusal: Refusal }) {
  const text = useErrorText();
  if (refusal.fields.length === 0) return <p data-testid="error-refusal">{text(refusal.code)}</p>;
  return (
    <ul data-testid="error-refusal">
      {refusal.fields.map(([name, messages]) => (
        <li key={name}>
          <code>{name}</code>: {messages.map(text).join(" ")}
        </li>
      ))}
    </ul>
  );
}

/**
 * What every error boundary shows: "not found", "no access", or "Something went wrong!" with an offer to reload
 * (a plain link to the page, so it works without JavaScript; for a chunk that timed out, the page the user was
 * going to). `home`: the link back to the main page, left out on the public integrations pages.
 */
export function ErrorContent({ error, home = true }: { error: unknown; home?: boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  const status = errorStatus(error);
  const refusal = refusalOf(error);
  const reload = status >= 500 ? (isChunkLoadTimeout(error) ? error.href : createPath(location)) : null;
  return (
    <>
      <h1>
        {status === 404
          ? t("errorPage.notFound")
          : status === 403
            ? t("errorPage.forbidden")
            : refusal
              ? t("errorPage.refused")
              : t("errorPage.title")}
      </h1>
      {refusal && <RefusalText refusal={refusal} />}
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
