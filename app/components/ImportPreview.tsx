import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { CsrfInput, useErrorText } from "./forms";

/**
 * The file imports' shared screen parts (places, route-planning jobs, TMS orders, fuel reports): the upload form, the
 * preview of a checked file (counts, the per-row error table, "save all" / "import the valid rows only") and, where a
 * file is refused whole, the list of its wrong rows. Every text comes from the screen, already in the user's language;
 * all of it is plain forms, so it works without JavaScript.
 */

/** One problem of one row: the file's row number, the column (or the row's key) and an error key or text. */
export interface ImportRowError {
  row: number;
  field: string;
  message: string;
}

/** Step 1: the file input. `children` (intro, columns, sample link) stand above it inside the card. */
export function ImportUploadForm(props: {
  intent: string;
  accept: string;
  fileLabel: string;
  uploadLabel: string;
  /** A submission is under way: the button is disabled (screens that show a progress line). */
  busy?: boolean;
  buttonTestId?: string;
  children?: ReactNode;
}) {
  return (
    <Form
      data-unsaved-guard
      method="post"
      encType="multipart/form-data"
      className="card stack"
      data-testid="import-form"
    >
      <CsrfInput />
      <input type="hidden" name="intent" value={props.intent} />
      {props.children}
      <label htmlFor="file">{props.fileLabel}</label>
      <input id="file" name="file" type="file" accept={props.accept} required />
      <div className="form-actions">
        <button type="submit" className="button primary" disabled={props.busy} data-testid={props.buttonTestId}>
          {props.uploadLabel}
        </button>
      </div>
    </Form>
  );
}

/** A refusal of the import page: IMPORT_HAS_ERRORS may have the screen's own wording, any other code the shared one. */
export function ImportAlert({ code, hasErrors }: { code?: string | null; hasErrors?: string }) {
  const errorText = useErrorText();
  if (!code) return null;
  return (
    <div className="alert alert-error" role="alert" data-testid="import-alert">
      {code === "IMPORT_HAS_ERRORS" && hasErrors ? hasErrors : errorText(code)}
    </div>
  );
}

export interface ImportCommit {
  /** Where the buttons post (default: this page). */
  action?: string;
  /** Hidden fields: the intent and what names the checked file (its token, or the checked rows themselves). */
  fields: Record<string, string>;
  /** The button that saves the file as it was checked. */
  saveAll: string;
  /**
   * The "valid rows only" button (posts validOnly=1), offered while some rows are wrong and others valid; save-all is
   * then left out, the server refusing it anyway (IMPORT_HAS_ERRORS). Without it the save-all button is the only one
   * and stands whenever a row is valid (the screen posts only its valid rows).
   */
  saveValid?: string;
  /** Show save-all beside the valid-rows button all the same, to be refused with the screen's own message. */
  saveAllWithErrors?: boolean;
  /** Said instead of the buttons when no row can be saved. */
  nothingValid: string;
  another?: { to: string; label: string };
  busy?: boolean;
}

/** Step 2: what the check found, and the buttons that save it. */
export function ImportPreview(props: {
  /** The counts line, in the user's language. */
  counts: string;
  /** Rows that are valid and rows with at least one error. */
  valid: number;
  invalid: number;
  errors: readonly ImportRowError[];
  /** Headings: an optional title above the error table and its three columns. */
  labels: { errorsTitle?: string; row: string; field: string; message: string };
  /** The column as shown (a translated field label); default: as in the file. */
  fieldText?: (field: string) => string;
  /** The problem as shown; default: the error key translated in the user's language. */
  messageText?: (message: string) => string;
  /** At most this many error rows are listed. */
  maxErrors?: number;
  commit: ImportCommit;
}) {
  const errorText = useErrorText();
  const { valid, invalid, errors, labels, commit: c } = props;
  const fieldText = props.fieldText ?? ((f: string) => f);
  const messageText = props.messageText ?? errorText;
  const mixed = invalid > 0 && valid > 0;
  const showAll = c.saveValid ? invalid === 0 || (mixed && c.saveAllWithErrors) : valid > 0;
  const showNothing = c.saveValid ? invalid > 0 && valid === 0 : valid === 0;
  return (
    <div className="card stack" data-testid="import-summary" data-valid={valid} data-errors={invalid}>
      <p role="status" data-testid="import-counts">
        {props.counts}
      </p>
      {errors.length > 0 && (
        <>
          {labels.errorsTitle && <h2>{labels.errorsTitle}</h2>}
          <table className="table import-errors" data-testid="import-errors">
            <thead>
              <tr>
                <th>{labels.row}</th>
                <th>{labels.field}</th>
                <th>{labels.message}</th>
              </tr>
            </thead>
            <tbody>
              {errors.slice(0, props.maxErrors ?? errors.length).map((e, i) => (
                <tr key={i} data-row={e.row} data-field={e.field}>
                  <td>{e.row}</td>
                  <td>{fieldText(e.field)}</td>
                  <td>{messageText(e.message)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      <Form method="post" action={c.action} className="form-actions">
        <CsrfInput />
        {Object.entries(c.fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {showAll && (
          <button
            type="submit"
            className={c.saveValid && mixed ? "button" : "button primary"}
            data-testid="import-save"
            disabled={c.busy}
          >
            {c.saveAll}
          </button>
        )}
        {c.saveValid && mixed && (
          <button
            type="submit"
            name="validOnly"
            value="1"
            className="button primary"
            data-testid="import-save-valid"
            disabled={c.busy}
          >
            {c.saveValid}
          </button>
        )}
        {showNothing && <p>{c.nothingValid}</p>}
        {c.another && (
          <Link to={c.another.to} className="button">
            {c.another.label}
          </Link>
        )}
      </Form>
    </div>
  );
}

/** A file refused whole because rows are wrong (nothing kept, nothing saved): its rows listed in an alert. */
export function ImportRefused({
  title,
  errors,
  line,
}: {
  title: string;
  errors: readonly ImportRowError[];
  line: (e: ImportRowError) => string;
}) {
  return (
    <div className="alert alert-error" role="alert" data-testid="row-errors">
      <p>{title}</p>
      <ul>
        {errors.map((e, i) => (
          <li key={i}>{line(e)}</li>
        ))}
      </ul>
    </div>
  );
}
