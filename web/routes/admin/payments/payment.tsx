import { requireStaff } from "../../../lib/session.server";
import type { Route } from "./+types/payment";

// Skeleton: replaced by the payments back office.
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, "payments");
  return {};
}

export default function Placeholder() {
  return null;
}
