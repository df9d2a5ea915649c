import { useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useRef } from "react";
import type { z } from "zod";

/**
 * The Conform set-up every record form shares (vehicles, teams, places, alert policies): the server's zod
 * schema checked on submit and again on input, the server's answer shown, a prompt before leaving unsaved
 * changes (the form carries `data-unsaved-guard`, app/components/unsaved-changes.tsx). `code` is the answer's error code, or VALIDATION while the browser finds problems.
 */
export function useRecordForm<S extends z.ZodType>(opts: {
  id: string;
  schema: S;
  result?: SubmissionResult<string[]> | null;
  defaultValue?: Record<string, unknown>;
  code?: string | null;
}) {
  const ref = useRef<HTMLFormElement>(null);
  const [form, fields] = useForm({
    id: opts.id,
    lastResult: opts.result,
    defaultValue: opts.defaultValue as never,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: opts.schema, disableAutoCoercion: true }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const code = opts.code ?? (Object.keys(form.allErrors).length ? "VALIDATION" : null);
  return { ref, form, fields, code };
}

/** The initial value of a multi-valued field: Conform gives a string for one value, a list for several. */
export function initialList(meta: FieldMetadata<unknown>): string[] {
  const v = meta.initialValue as unknown;
  return Array.isArray(v) ? v.map(String) : typeof v === "string" && v !== "" ? [v] : [];
}

/** Errors of a field and of its items (e.g. one bad address among the e-mails). */
export const allErrorsOf = (meta: FieldMetadata<unknown>) => Object.values(meta.allErrors ?? {}).flat();
