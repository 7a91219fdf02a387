import { PageHeader } from "../../components/page-header.tsx";
import { ChatWidget } from "../../features/help/components/chat-widget.tsx";
import { pageMeta } from "../../lib/meta.ts";

export const meta = () => pageMeta("E-Library");

// The search and the suggested books arrive with the library feature.
export default function ELibrary() {
  return (
    <>
      <PageHeader title="E-Library" />
      <ChatWidget />
    </>
  );
}
