import { useEffect } from "react";
import type { ChatbotSettings } from "../types.ts";

/** A node added to <head> is the web chat's only when it loads from the chat's own origins; the rest is the page's. */
function loadsFrom(node: Node, origins: Set<string>): boolean {
  const url = node instanceof HTMLScriptElement ? node.src : node instanceof HTMLLinkElement ? node.href : "";
  return URL.canParse(url) && origins.has(new URL(url).origin);
}

function chatScript(src: string, nonce: string) {
  const script = document.createElement("script");
  script.src = src;
  // Inserted scripts run as they arrive unless told otherwise: the configuration needs the web chat first.
  script.async = false;
  // Web chats copy their script's nonce to what they add themselves.
  if (nonce) script.nonce = nonce;
  return script;
}

/**
 * The external web chat: while this is on the page, its two scripts are in the document, and
 * when the page is left they are removed with everything the chat added (its elements in
 * <body>, its scripts and styles from its own origins in <head>).
 */
export function ExternalChat({ scriptUrl, configUrl }: ChatbotSettings) {
  useEffect(() => {
    const origins = new Set([new URL(scriptUrl).origin, new URL(configUrl).origin]);
    // Browsers hide a nonce's value from attributes; the property keeps it.
    const nonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce ?? "";
    const scripts = [chatScript(scriptUrl, nonce), chatScript(configUrl, nonce)];
    const added: ChildNode[] = [];
    const collect = (records: MutationRecord[]) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (scripts.some((script) => script === node)) continue;
          // The page's own children of <body> stay put while a page is shown: anything new there is the chat's.
          if (record.target === document.body || loadsFrom(node, origins)) added.push(node as ChildNode);
        }
      }
    };
    const observer = new MutationObserver(collect);
    observer.observe(document.body, { childList: true });
    observer.observe(document.head, { childList: true });
    document.body.append(...scripts);
    return () => {
      collect(observer.takeRecords());
      observer.disconnect();
      for (const node of [...scripts, ...added]) node.remove();
    };
  }, [scriptUrl, configUrl]);
  return null;
}
