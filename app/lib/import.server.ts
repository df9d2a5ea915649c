import { redirect } from "react-router";
import { formAction, intent, refuse } from "./forms.server";
import { load, type LoadContext } from "./route-kit.server";

/** Multipart overhead allowed on top of the file itself. */
const MULTIPART_SLACK = 64 * 1024;

/** The file an upload form posted, or null when the field is missing or not a file. */
export function uploadedFile(form: FormData): File | null {
  const file = form.get("file");
  return file && typeof file !== "string" ? file : null;
}

/** The body declares more than the file limit plus the multipart overhead: refused before it is read. */
export function bodyTooLarge(request: Request, maxBytes: number, slack = MULTIPART_SLACK): boolean {
  return Number(request.headers.get("content-length") ?? 0) > maxBytes + slack;
}

/** The preview page's loader data: the checked file named by ?token=, or null for the upload form. */
export async function previewFromToken<T>(
  request: Request,
  get: (token: string) => Promise<T>,
): Promise<{ summary: T | null }> {
  const token = new URL(request.url).searchParams.get("token");
  return { summary: token ? await load(() => get(token)) : null };
}

/**
 * The action of a two-step import whose checked file is kept server-side under a token (places, route-planning jobs):
 * intent=upload (answered as "save") checks the file and redirects to its preview; intent=commit saves all of it, or
 * only its valid rows when the user chose so, and redirects to where the saved records are listed.
 */
export async function tokenImportAction(
  args: { request: Request; context: LoadContext },
  spec: {
    maxBytes: number;
    upload: (file: File) => Promise<{ token: string }>;
    preview: (token: string) => string;
    commit: (token: string, opts: { validOnly: boolean }) => Promise<number>;
    saved: (count: number) => string;
  },
) {
  if (bodyTooLarge(args.request, spec.maxBytes)) return refuse("save", "IMPORT_TOO_LARGE", 413);
  return formAction(args, {
    save: intent({
      run: async ({ form }) => {
        const file = uploadedFile(form);
        if (!file) return refuse("save", "IMPORT_FORMAT");
        return redirect(spec.preview((await spec.upload(file)).token));
      },
    }),
    commit: intent({
      run: async ({ form }) => {
        const saved = await spec.commit(String(form.get("token") ?? ""), { validOnly: form.get("validOnly") === "1" });
        return redirect(spec.saved(saved));
      },
    }),
  });
}
