import { requireDriverApp } from "../driver.server";
import { applyDriverAction, isDriverAction } from "../driver-actions.server";
import { applyPageAction, assertPageActionSize, isPageAction } from "../driver-tasks.server";
import type { Route } from "./+types/queue";

/**
 * One driver action sent by the page's script: made just now, or made offline and kept in the phone's queue
 * (its `made_at` is applied by the service within its bounds). Answers JSON with the result to show; a refusal or
 * a conflict is an answer too (its HTTP status), so the phone drops it from the queue only once it has been shown.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const p = requireDriverApp(context, request);
  // the vehicle check and a proof of delivery carry photos: bounded like the check's form (the larger)
  assertPageActionSize(request, context, "vehicle-check");
  const form = await request.formData();
  if (form.get("_csrf") !== context.csrfToken) return Response.json({ error: "CSRF" }, { status: 403 });
  const kind = form.get("intent");
  if (!isDriverAction(kind) && !isPageAction(kind)) return Response.json({ error: "VALIDATION" }, { status: 400 });
  const { result, httpStatus } = isPageAction(kind)
    ? await applyPageAction(context, request, p, kind, form)
    : await applyDriverAction(context, request, p, kind, form);
  return Response.json({ result }, { status: httpStatus, headers: { "Cache-Control": "no-store" } });
}

export const loader = () => new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
