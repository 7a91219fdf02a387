import { PageHeader } from "../../components/page-header.tsx";
import { pageMeta } from "../../lib/meta.ts";

export const meta = () => pageMeta("Sign In");

// Sign-in arrives with the accounts feature.
export default function SignIn() {
  return <PageHeader title="Sign In" />;
}
