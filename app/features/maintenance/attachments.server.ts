import type { Attachment } from "../../../server/modules/maintenance";

/** The files of a form's `attachments` input (empty file inputs left out). */
export async function readAttachments(form: FormData, field = "attachments"): Promise<Attachment[]> {
  const files = form.getAll(field).filter((f): f is File => typeof f !== "string" && f.size > 0);
  return Promise.all(
    files.map(async (f) => ({
      fileName: f.name || "attachment",
      contentType: f.type,
      data: Buffer.from(await f.arrayBuffer()),
    })),
  );
}
