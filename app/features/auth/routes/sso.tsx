import type { Route } from "./+types/sso";
import { ssoLoader } from "../sso.server";

export const loader = ({ request, context }: Route.LoaderArgs) => ssoLoader(request, context);
