import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useNavigation, useRouteLoaderData } from "react-router";

export function useCsrfToken(): string {
  const root = useRouteLoaderData("root") as { csrfToken?: string } | undefined;
  return root?.csrfToken ?? "";
}

/** Attributes of a text input bound to a Conform field: initial value, and its error for screen readers. */
export function inputProps(meta: { name: string; initialValue?: unknown; errors?: string[] }) {
  const initial = meta.initialValue;
  return {
    id: meta.name,
    name: meta.name,
    defaultValue: typeof initial === "string" ? initial : "",
    "aria-invalid": meta.errors?.length ? true : undefined,
    "aria-describedby": meta.errors?.length ? `${meta.name}-error` : undefined,
  };
}

export function CsrfInput() {
  return <input type="hidden" name="_csrf" value={useCsrfToken()} />;
}

/** Translates error keys (e.g. "errors.required") coming from zod schemas or services. */
export function useErrorText() {
  const { t } = useTranslation("errors");
  return (key: string) => {
    const k = key.startsWith("errors.") ? key.slice(7) : key;
    return t(k, { defaultValue: t("generic") });
  };
}

export function FieldErrors({ id, errors }: { id?: string; errors?: string[] | null }) {
  const text = useErrorText();
  if (!errors?.length) return null;
  return (
    <div className="field-error" id={id} role="alert">
      {[...new Set(errors)].map((e) => (
        <div key={e}>{text(e)}</div>
      ))}
    </div>
  );
}

export function Field(props: {
  label: string;
  name: string;
  errors?: string[] | null;
  children: ReactNode;
  hint?: string;
  required?: boolean;
}) {
  return (
    <div className={`field${props.errors?.length ? " has-error" : ""}`}>
      <label htmlFor={props.name}>
        {props.label}
        {props.required && (
          <span className="required" aria-hidden="true">
            {" "}
            *
          </span>
        )}
      </label>
      {props.children}
      {props.hint && <small className="hint">{props.hint}</small>}
      <FieldErrors id={`${props.name}-error`} errors={props.errors} />
    </div>
  );
}

/**
 * Banner for a whole-form failure: "please fill all fields" for missing fields, or the translated error code.
 * (A conflict's 409 notification, spec section 8, comes from the root's NotificationsProvider.)
 */
export function FormAlert({ code, fields }: { code?: string | null; fields?: Record<string, unknown> | null }) {
  const text = useErrorText();
  if (!code) return null;
  const message = code === "VALIDATION" && fields && Object.keys(fields).length ? text("REQUIRED_FIELDS") : text(code);
  return (
    <div className="alert alert-error" role="alert" data-testid="form-alert">
      {message}
    </div>
  );
}

/** The submit button of a record form ("Saving…" while the post runs, and disabled) and what follows it (cancel, delete). */
export function SaveActions(props: { label: string; testId?: string; children?: ReactNode }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  return (
    <div className="form-actions">
      <button type="submit" className="button primary" disabled={submitting} data-testid={props.testId}>
        {submitting ? t("common:actions.saving") : props.label}
      </button>
      {props.children}
    </div>
  );
}
