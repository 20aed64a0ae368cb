import { requireEntrant } from "../lib/session.server";
import type { Route } from "./+types/payment-receipt";

// Skeleton: replaced by the entrant's payment pages.
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireEntrant(request, context);
  return {};
}

export default function Placeholder() {
  return null;
}
