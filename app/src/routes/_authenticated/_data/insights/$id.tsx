import { createFileRoute } from "@tanstack/react-router";
import { InsightScreen } from "../../../../features/insights/insight-screen.tsx";

export const Route = createFileRoute("/_authenticated/_data/insights/$id")({ component: InsightPage });

function InsightPage() {
  const { id } = Route.useParams();
  return <InsightScreen key={id} id={id} />;
}
