import { BenchmarksView } from "../components/BenchmarksView";
import { benchmarksLoader } from "../dashboard.server";
import type { Route } from "./+types/benchmarks";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context }: Route.LoaderArgs) {
  return benchmarksLoader(context, request);
}

export default function Benchmarks({ loaderData }: Route.ComponentProps) {
  return <BenchmarksView {...loaderData} />;
}
