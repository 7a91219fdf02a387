import { createServer } from "node:http";
import { freePort } from "./free-port.ts";

/**
 * What a chatbot provider's CDN serves, in miniature: a web-chat script that waits for its
 * configuration, then adds its stylesheet to <head> and a chat button with a conversation frame
 * to <body>, all from its own origin, as hosted web chats do; and the configuration script.
 */
function files(origin: string): Record<string, { type: string; body: string }> {
  return {
    "/webchat/inject.js": {
      type: "text/javascript",
      body: `
        window.standInWebChat = {
          init(config) {
            const style = document.createElement("link");
            style.rel = "stylesheet";
            style.href = "${origin}/webchat/style.css";
            document.head.append(style);
            const container = document.createElement("div");
            container.id = "stand-in-webchat";
            const button = document.createElement("button");
            button.type = "button";
            button.textContent = "Chat with " + config.botName;
            const frame = document.createElement("iframe");
            frame.title = "Conversation with " + config.botName;
            frame.src = "${origin}/webchat/frame.html";
            container.append(button, frame);
            document.body.append(container);
          },
        };`,
    },
    // Runs after the web chat's script, or fails: the page must keep their order.
    "/bot/config.js": { type: "text/javascript", body: `window.standInWebChat.init({ botName: "College Bot" });` },
    "/webchat/style.css": {
      type: "text/css",
      body: "#stand-in-webchat { position: fixed; right: 1rem; bottom: 5rem; background: white; }",
    },
    "/webchat/frame.html": {
      type: "text/html",
      body: "<!doctype html><html lang=en><title>Chat</title><p>Hello from the stand-in bot.</p></html>",
    },
  };
}

/** Starts the stand-in on a free local port; the site gets its two script addresses as `env`. */
export async function startChatbotStandIn() {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const served = files(origin);
  const requested: string[] = [];
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", origin).pathname;
    requested.push(path);
    const file = served[path];
    if (!file) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "Content-Type": file.type, "Cache-Control": "no-store" });
    res.end(file.body);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    origin,
    /** CHATBOT_SCRIPT_URL and CHATBOT_CONFIG_URL for the site. */
    env: { CHATBOT_SCRIPT_URL: `${origin}/webchat/inject.js`, CHATBOT_CONFIG_URL: `${origin}/bot/config.js` },
    /** Paths asked for so far. */
    requested,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
