import type { Config } from "#app/lib/config/env.server.ts";
import type { ChatbotSettings } from "./types.ts";

/** The external web chat's two scripts when CHATBOT_SCRIPT_URL and CHATBOT_CONFIG_URL are set; else null (the built-in assistant). */
export function chatbotSettings(config: Pick<Config, "CHATBOT_SCRIPT_URL" | "CHATBOT_CONFIG_URL">): ChatbotSettings | null {
  const { CHATBOT_SCRIPT_URL: scriptUrl, CHATBOT_CONFIG_URL: configUrl } = config;
  return scriptUrl && configUrl ? { scriptUrl, configUrl } : null;
}

/**
 * The origins the web chat loads from, for the Content Security Policy: exactly those of its two
 * scripts, none when no chatbot is configured. Every page's policy carries them, because a page
 * reached by a link inside the site keeps the policy of the document it started from.
 */
export function chatbotOrigins(config: Pick<Config, "CHATBOT_SCRIPT_URL" | "CHATBOT_CONFIG_URL">): string[] {
  const settings = chatbotSettings(config);
  return settings ? [...new Set([new URL(settings.scriptUrl).origin, new URL(settings.configUrl).origin])] : [];
}
