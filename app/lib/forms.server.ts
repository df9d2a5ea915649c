import type { Submission, SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { ZodError, type ZodType, type z } from "zod";
import { AppError } from "../../server/errors";
import { databaseTextRefusal, toErrorBody } from "../../server/error-body";
import { MAX_VEHICLE_IMAGES, type UploadedImage } from "../../server/modules/vehicles";
import type { FormFailure } from "./form-failure";
import { conflictNotice, readForm, type LoadContext } from "./route-kit.server";

export type { FormFailure };

/** Parses the text fields of a form (files left out) without Conform's auto-coercion: the schema's own preprocessors turn "" into null. */
export function parseTextFields<S extends ZodType>(form: FormData, schema: S) {
  const text = new FormData();
  for (const [key, value] of form.entries()) if (typeof value === "string") text.append(key, value);
  return parseWithZod(text, { schema, disableAutoCoercion: true });
}

/** One button of a form: its fields (optional) and what it does; a redirect, or data for the page, on success. */
export interface FormIntent<S, T> {
  schema?: S;
  run: (input: { value: S extends ZodType ? z.output<S> : undefined; form: FormData }) => Promise<T>;
  /**
   * The service parses the fields itself (it must first find the record: another organisation's id is 404 before
   * any validation). `value` is then Conform's raw payload; a ZodError from the service is answered like a failed parse.
   */
  serviceParses?: boolean;
  /** Fields never sent back to the page (passwords). */
  hideFields?: string[];
}

/** Declares one button; the schema's parsed value reaches `run` typed. */
export function intent<S, T>(spec: FormIntent<S, T>): FormIntent<S, T> {
  return spec;
}

/**
 * The action of a form page: checks the CSRF token, runs the button that was pressed (the posted `intent`; "save"
 * when the form names none or one this page does not have) and answers a failure in the one FormFailure shape.
 * A validation failure keeps the typed values; a service refusal (AppError) shows its code in the banner and beside
 * the field it names; NOT_FOUND is the 404 page.
 */
export async function formAction<T>(
  args: { request: Request; context: LoadContext; form?: FormData },
  // `any`: each intent() already typed its own schema and run; only the common result type T matters here.
  intents: Record<string, FormIntent<any, T>>,
) {
  const form = args.form ?? (await readForm(args.request, args.context));
  const all = intents as Record<string, FormIntent<unknown, T>>;
  const asked = String(form.get("intent") ?? "");
  const name = Object.hasOwn(all, asked) ? asked : "save";
  const intent = all[name];
  if (!intent) throw data({ error: "VALIDATION" }, { status: 400 });
  const submission = intent.schema ? parseTextFields(form, intent.schema as ZodType) : null;
  if (submission && submission.status !== "success" && !intent.serviceParses) {
    return failed(name, 400, "VALIDATION", submission.reply({ hideFields: intent.hideFields }));
  }
  try {
    const value = !submission
      ? undefined
      : intent.serviceParses
        ? submission.payload
        : submission.status === "success"
          ? submission.value
          : undefined;
    return await intent.run({ value: value as never, form });
  } catch (err) {
    return failure(name, err, submission, intent.hideFields);
  }
}

/** A refusal the page decides itself (no service error behind it), e.g. an upload without files. */
export function refuse(intent: string, code: string, status = 400) {
  return failed(intent, status, code, { status: "error", initialValue: null, error: { "": [code] } });
}

function failed(
  intent: string,
  status: number,
  code: string,
  reply: SubmissionResult<string[]>,
  notice: Pick<FormFailure, "notice"> = {},
) {
  return data<FormFailure>({ ok: false, intent, code, status, reply, ...notice }, { status });
}

/** A refusal thrown while a button ran: a ZodError or an AppError becomes a FormFailure; anything else propagates. */
export function failure(intent: string, err: unknown, submission?: Submission<unknown> | null, hideFields?: string[]) {
  if (err instanceof Response) throw err;
  err = databaseTextRefusal(err) ?? err;
  if (err instanceof AppError && err.code === "NOT_FOUND") throw data({ error: err.code }, { status: 404 });
  if (!(err instanceof AppError) && !(err instanceof ZodError)) throw err;
  if (err instanceof ZodError && submission && submission.status !== "success") {
    return failed(intent, 400, "VALIDATION", submission.reply({ hideFields }));
  }
  const body = toErrorBody(err);
  const fieldErrors: Record<string, string[]> = {
    ...body.fields,
    ...(body.details?.fields as Record<string, string[]> | undefined),
  };
  const field = typeof body.details?.field === "string" ? body.details.field : null;
  if (field) fieldErrors[field] = [`errors.${body.error}`];
  // A service's VALIDATION about one named field (an unknown team, say) is "not valid", not "please fill all fields".
  const code = err instanceof AppError && body.error === "VALIDATION" && field ? "invalid" : body.error;
  const reply = submission
    ? submission.reply({ formErrors: [code], fieldErrors, hideFields })
    : { status: "error" as const, initialValue: null, error: { "": [code], ...fieldErrors } };
  return failed(intent, body.status, code, reply, conflictNotice(body));
}

export async function readImages(form: FormData, field = "images"): Promise<UploadedImage[]> {
  const files = form.getAll(field).filter((f): f is File => typeof f !== "string" && f.size > 0);
  return Promise.all(files.map(async (f) => ({ contentType: f.type, data: Buffer.from(await f.arrayBuffer()) })));
}

/** Refuses a request body far larger than the allowed images before it is read into memory. */
export function assertUploadSize(request: Request, context: LoadContext) {
  const length = Number(request.headers.get("content-length") ?? 0);
  const limit = (MAX_VEHICLE_IMAGES + 2) * context.app.config.UPLOAD_MAX_IMAGE_BYTES;
  if (length > limit) throw data({ error: "IMAGE_INVALID" }, { status: 413 });
}

/** The action of a page that edits one record in place (organisation, settings): save, then the same page with `ok`. */
export function saveInPlace<S extends ZodType>(
  args: { request: Request; context: LoadContext },
  schema: S,
  save: (value: z.output<S>) => Promise<unknown>,
) {
  return formAction(args, {
    save: intent({
      schema,
      run: async ({ value }) => {
        await save(value as z.output<S>);
        return { ok: true as const };
      },
    }),
  });
}
