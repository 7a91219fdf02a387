import { PageHeader } from "../../components/page-header.tsx";
import { pageMeta } from "../../lib/meta.ts";

export const meta = () => pageMeta("Feedback");

// The feedback form and the list arrive with the feedback feature.
export default function FeedbackPage() {
  return <PageHeader title="Feedback" />;
}
