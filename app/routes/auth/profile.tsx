import { PageHeader } from "../../components/page-header.tsx";
import { pageMeta } from "../../lib/meta.ts";

export const meta = () => pageMeta("Profile");

// The profile arrives with the accounts feature, for signed-in people only.
export default function Profile() {
  return <PageHeader title="Profile" />;
}
