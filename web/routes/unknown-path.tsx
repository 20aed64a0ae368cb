import { redirect } from "react-router";
import { langOfPath } from "../../core/languages";
import type { Route } from "./+types/unknown-path";

/** Any path that is not in the route table goes home (seed §2), in the language of its prefix. */
export function loader({ request }: Route.LoaderArgs) {
  throw redirect(langOfPath(new URL(request.url).pathname) === "en" ? "/en" : "/");
}

export default function UnknownPath() {
  return null;
}
