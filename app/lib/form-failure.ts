import type { SubmissionResult } from "@conform-to/react";
import type { ConflictNotice } from "./route-kit.server";

/**
 * The one answer of a failed form, on every screen (app/lib/forms.server.ts builds it): the stable error code the
 * page translates from locales/<lng>/errors.json, the HTTP status, the button (intent) that failed, and Conform's
 * reply: field errors ("errors.<key>") beside their inputs and the submitted values to show again.
 */
export interface FormFailure {
  ok: false;
  intent: string;
  code: string;
  status: number;
  reply: SubmissionResult<string[]>;
  /** a 409's error notification (spec section 8), shown by the root's NotificationsProvider */
  notice?: ConflictNotice;
}

/** The failure in an action's answer, or null (success, nothing submitted, or another button's failure). */
export function formFailure(actionData: unknown, intent?: string): FormFailure | null {
  if (!actionData || typeof actionData !== "object" || (actionData as { ok?: unknown }).ok !== false) return null;
  const failure = actionData as FormFailure;
  return intent === undefined || failure.intent === intent ? failure : null;
}

/** Field errors by field name, for pages that render their inputs themselves (the form-level entry left out). */
export function failureFields(failure: FormFailure | null): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [name, errors] of Object.entries(failure?.reply.error ?? {}))
    if (name && errors?.length) out[name] = errors;
  return out;
}

/** The values the failed submission carried (passwords left out), to show instead of the saved ones. */
export function failureValues(failure: FormFailure | null): Record<string, unknown> | null {
  const values = failure?.reply.initialValue;
  return values && Object.keys(values).length ? values : null;
}
