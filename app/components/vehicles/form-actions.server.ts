import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { ZodType } from "zod";
import { AppError } from "../../../server/errors";
import type { UploadedImage } from "../../../server/modules/vehicles/vehicles.service";
import { MAX_VEHICLE_IMAGES } from "../../../server/modules/vehicles/vehicles.schema";
import { refusal, type LoadContext } from "../../lib/route-kit.server";

/** Parses the text fields of a form (files left out) without Conform's auto-coercion: the schema's own preprocessors turn "" into null. */
export function parseTextFields<T>(form: FormData, schema: ZodType<T>) {
  const text = new FormData();
  for (const [key, value] of form.entries()) if (typeof value === "string") text.append(key, value);
  return parseWithZod(text, { schema, disableAutoCoercion: true });
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

export interface FormFailure {
  reply: ReturnType<Submission<unknown>["reply"]>;
  code: string;
}

/** A zod failure: "please fill all fields" banner plus the field errors, typed values kept. */
export function validationFailure(submission: Submission<unknown>) {
  return data<FormFailure>({ reply: submission.reply(), code: "VALIDATION" }, { status: 400 });
}

/** A service refusal shown on the form: its code in the banner and beside the field it concerns. */
export function serviceFailure(submission: Submission<unknown>, err: unknown) {
  if (!(err instanceof AppError)) throw err;
  if (err.code === "NOT_FOUND") throw data({ error: err.code }, { status: 404 });
  const field = typeof err.details?.field === "string" ? err.details.field : null;
  const code = err.code === "VALIDATION" && field ? "invalid" : err.code;
  const reply = submission.reply({ formErrors: [code], fieldErrors: field ? { [field]: [`errors.${code}`] } : {} });
  return refusal<FormFailure>({ reply, code }, err);
}
