import { redirect } from "react-router";
import {
  createForwardingTarget,
  deleteForwardingTarget,
  getForwardingTarget,
  listForwardingTargets,
  updateForwardingTarget,
  type ForwardingTargetDto,
  forwardingTargetInputSchema,
} from "../../../server/modules/forwarding";
import { orgTimeZone } from "../../../server/modules/organization";
import { formatInstant } from "../../../server/shared/dates";
import { formAction, intent } from "../../lib/forms.server";
import { idParam, load, requirePermission, type LoadContext } from "../../lib/route-kit.server";

type Args = { request: Request; context: LoadContext };
const PERMISSION = "organization:write";
const LIST = "/configuration/forwarding";
const edit = (id: string) => `${LIST}/update/${id}`;

/** "YYYY-MM-DD HH:mm" in the organisation's time zone (the format every page uses). */
const stamp = (iso: string | null, timeZone: string): string | null => (iso ? formatInstant(iso, timeZone) : null);

export type TargetView = ForwardingTargetDto & { last_attempt_text: string | null; last_success_text: string | null };

function view(dto: ForwardingTargetDto, timeZone: string): TargetView {
  return {
    ...dto,
    last_attempt_text: stamp(dto.last_attempt_at, timeZone),
    last_success_text: stamp(dto.last_success_at, timeZone),
  };
}

export async function forwardingListLoader({ request, context }: Args) {
  const p = requirePermission(context, request, PERMISSION);
  const [targets, timeZone] = await Promise.all([
    listForwardingTargets(context.app, p),
    orgTimeZone(context.app, p.orgId),
  ]);
  return { targets: targets.map((t) => view(t, timeZone)) };
}

export async function addForwardingAction({ request, context }: Args) {
  const p = requirePermission(context, request, PERMISSION);
  return formAction(
    { request, context },
    {
      save: intent({
        schema: forwardingTargetInputSchema,
        run: async ({ value }) => {
          const target = await createForwardingTarget(context.app, p, value);
          return redirect(`${edit(target.id)}?created=1`);
        },
      }),
    },
  );
}

export async function forwardingTargetLoader({ request, context }: Args, rawId: string | undefined) {
  const p = requirePermission(context, request, PERMISSION);
  const id = idParam(rawId);
  const [target, timeZone] = await Promise.all([
    load(() => getForwardingTarget(context.app, p, id)),
    orgTimeZone(context.app, p.orgId),
  ]);
  return {
    target: { ...view(target, timeZone), version: target.updated_at ?? "" },
    confirmDelete: new URL(request.url).searchParams.get("delete") === "1",
  };
}

export async function forwardingTargetAction({ request, context }: Args, rawId: string | undefined) {
  const p = requirePermission(context, request, PERMISSION);
  const id = idParam(rawId);
  return formAction(
    { request, context },
    {
      save: intent({
        schema: forwardingTargetInputSchema,
        run: async ({ value }) => {
          await updateForwardingTarget(context.app, p, id, value);
          return redirect(`${edit(id)}?saved=1`);
        },
      }),
      delete: intent({
        run: async () => {
          await deleteForwardingTarget(context.app, p, id);
          return redirect(`${LIST}?deleted=1`);
        },
      }),
    },
  );
}
