import { redirect } from "react-router";
import { endSession } from "../../../../server/modules/auth/auth.service";
import { readForm } from "../../../lib/route-kit.server";
import { clearSessionHeaders } from "../session-cookies.server";
import type { Route } from "./+types/logout";

export async function loader() {
  return redirect("/manage");
}

export async function action({ request, context }: Route.ActionArgs) {
  await readForm(request, context);
  await endSession(context.app, context.sessionToken);
  return redirect("/login", { headers: clearSessionHeaders(context) });
}
