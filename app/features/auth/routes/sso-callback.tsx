import type { Route } from "./+types/sso-callback";
import { ssoCallbackLoader } from "../sso.server";

export const loader = ({ request, context }: Route.LoaderArgs) => ssoCallbackLoader(request, context);
