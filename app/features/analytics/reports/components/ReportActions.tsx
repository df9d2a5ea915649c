import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { CsrfInput } from "../../../../components/forms";

/**
 * Downloads of the run as files (CSV, Excel, PDF: every row, plain links that leave the frame) and "run in the
 * background", a POST that makes it an archived report with the same parameters.
 */
export function ReportActions({ type, query, canArchive }: { type: string; query: string; canArchive: boolean }) {
  const { t } = useTranslation("analytics");
  const hidden = [...new URLSearchParams(query).entries()];
  return (
    <div className="report-actions" data-testid="report-actions">
      <span className="muted">{t("run.download")}</span>
      {(["csv", "xlsx", "pdf"] as const).map((f) => (
        <a
          key={f}
          className="button"
          href={`/analytics/reports/${type}/export/${f}?${query}`}
          download
          data-testid={`export-${f}`}
        >
          {t(`run.export_${f}`)}
        </a>
      ))}
      {canArchive && (
        <Form method="post" action={`/analytics/reports/${type}`} className="inline-form">
          <CsrfInput />
          {hidden.map(([k, v], i) => (
            <input key={`${k}-${i}`} type="hidden" name={k} value={v} />
          ))}
          <button type="submit" name="intent" value="archive" className="button" data-testid="report-background">
            {t("run.background")}
          </button>
        </Form>
      )}
    </div>
  );
}
