import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "#app/root.tsx";
import { ExternalChat } from "./external-chat.tsx";
import { HelpButton } from "./help-button.tsx";

/**
 * The spec's chat widget, for the pages that show it (library, contact): the configured external
 * web chat, or else the built-in help assistant's 'Need help?' button.
 */
export function ChatWidget() {
  // Absent when the root loader failed: the built-in assistant needs nothing from it.
  const chatbot = useRouteLoaderData<typeof rootLoader>("root")?.chatbot;
  return chatbot ? <ExternalChat scriptUrl={chatbot.scriptUrl} configUrl={chatbot.configUrl} /> : <HelpButton />;
}
