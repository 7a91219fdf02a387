import { generateKeyPairSync, type KeyObject } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, uploadQuotaMb } from "./env.server.ts";

describe("loadConfig", () => {
  it("runs on SQLite at port 3000 when nothing is set", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, SQLITE_PATH: "data/app.db", NODE_ENV: "development", TRUST_PROXY: false });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it("treats an empty variable as unset", () => {
    expect(loadConfig({ PORT: "" }).PORT).toBe(3000);
  });

  it("reads numbers and proxy settings", () => {
    expect(loadConfig({ PORT: "8080", TRUST_PROXY: "2" })).toMatchObject({ PORT: 8080, TRUST_PROXY: 2 });
    expect(loadConfig({ TRUST_PROXY: "true" }).TRUST_PROXY).toBe(true);
  });

  it("drains for 10 s before closing the listener in production, not elsewhere, and within SHUTDOWN_TIMEOUT_MS", () => {
    expect(loadConfig({ NODE_ENV: "production" })).toMatchObject({ SHUTDOWN_DELAY_MS: 10_000, SHUTDOWN_TIMEOUT_MS: 20_000 });
    expect(loadConfig({}).SHUTDOWN_DELAY_MS).toBe(0);
    expect(loadConfig({ NODE_ENV: "production", SHUTDOWN_DELAY_MS: "0" }).SHUTDOWN_DELAY_MS).toBe(0);
    expect(loadConfig({ SHUTDOWN_DELAY_MS: "3000", SHUTDOWN_TIMEOUT_MS: "8000" })).toMatchObject({ SHUTDOWN_DELAY_MS: 3000 });
    expect(() => loadConfig({ SHUTDOWN_DELAY_MS: "5s" })).toThrow(/SHUTDOWN_DELAY_MS: must be a whole number of milliseconds/);
    // A deployment that set only the timeout, before the delay existed, still starts: half of it is the delay.
    expect(loadConfig({ NODE_ENV: "production", SHUTDOWN_TIMEOUT_MS: "10000" }).SHUTDOWN_DELAY_MS).toBe(5000);
    expect(() => loadConfig({ NODE_ENV: "production", SHUTDOWN_DELAY_MS: "10000", SHUTDOWN_TIMEOUT_MS: "10000" })).toThrow(
      /SHUTDOWN_DELAY_MS: must be shorter than SHUTDOWN_TIMEOUT_MS \(10000\)/,
    );
  });

  it("accepts PostgreSQL URLs only", () => {
    expect(loadConfig({ DATABASE_URL: "postgres://u@h/db" }).DATABASE_URL).toBe("postgres://u@h/db");
    expect(() => loadConfig({ DATABASE_URL: "sqlite://x" })).toThrow(/DATABASE_URL: must be a postgres/);
  });

  it("reads ADMIN_EMAILS as a list of addresses in lower case, and refuses anything else", () => {
    expect(loadConfig({}).ADMIN_EMAILS).toEqual([]);
    expect(loadConfig({ ADMIN_EMAILS: " Principal@College.example, it@college.example ," }).ADMIN_EMAILS).toEqual([
      "principal@college.example",
      "it@college.example",
    ]);
    expect(() => loadConfig({ ADMIN_EMAILS: "principal@college.example; it" })).toThrow(
      /ADMIN_EMAILS: must be email addresses separated by commas/,
    );
  });

  it("takes the chatbot's two script addresses together, as http(s) URLs, and names the one missing", () => {
    const chatbot = {
      CHATBOT_SCRIPT_URL: "https://cdn.chat.example/webchat.js",
      CHATBOT_CONFIG_URL: "https://files.chat.example/config.js",
    };
    expect(loadConfig(chatbot)).toMatchObject(chatbot);
    expect(() => loadConfig({ CHATBOT_SCRIPT_URL: chatbot.CHATBOT_SCRIPT_URL })).toThrow(
      /CHATBOT_CONFIG_URL: is required when CHATBOT_SCRIPT_URL is set/,
    );
    expect(() => loadConfig({ CHATBOT_CONFIG_URL: chatbot.CHATBOT_CONFIG_URL })).toThrow(
      /CHATBOT_SCRIPT_URL: is required when CHATBOT_CONFIG_URL is set/,
    );
    expect(() => loadConfig({ ...chatbot, CHATBOT_SCRIPT_URL: "javascript:alert(1)" })).toThrow(
      /CHATBOT_SCRIPT_URL: must be the http\(s\) address/,
    );
    expect(() => loadConfig({ ...chatbot, CHATBOT_CONFIG_URL: "/config.js" })).toThrow(/CHATBOT_CONFIG_URL: must be the http\(s\) address/);
  });

  it("gives each person three of the largest videos of unfinished uploads unless UPLOAD_QUOTA_MB says otherwise, never less than one", () => {
    expect(uploadQuotaMb(loadConfig({}))).toBe(3 * 2048);
    expect(uploadQuotaMb(loadConfig({ MAX_UPLOAD_MB: "5000" }))).toBe(15_000);
    expect(uploadQuotaMb(loadConfig({ UPLOAD_QUOTA_MB: "2048" }))).toBe(2048);
    expect(() => loadConfig({ UPLOAD_QUOTA_MB: "2047" })).toThrow(/UPLOAD_QUOTA_MB: must be at least MAX_UPLOAD_MB \(2048\)/);
    expect(() => loadConfig({ UPLOAD_QUOTA_MB: "0" })).toThrow(/UPLOAD_QUOTA_MB: must be a whole number of megabytes, at least 1/);
    expect(() => loadConfig({ UPLOAD_QUOTA_MB: "1e4" })).toThrow(/UPLOAD_QUOTA_MB: must be a whole number/);
  });

  it("keeps 1 GB of the media disk free by default (UPLOAD_DISK_RESERVE_MB), in whole megabytes", () => {
    expect(loadConfig({}).UPLOAD_DISK_RESERVE_MB).toBe(1024);
    expect(loadConfig({ UPLOAD_DISK_RESERVE_MB: "0" }).UPLOAD_DISK_RESERVE_MB).toBe(0);
    expect(() => loadConfig({ UPLOAD_DISK_RESERVE_MB: "-5" })).toThrow(/UPLOAD_DISK_RESERVE_MB: must be a whole number of megabytes/);
  });

  it("names every bad variable and its value in one message", () => {
    try {
      loadConfig({ PORT: "abc", NODE_ENV: "staging" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as Error).message;
      expect(message).toContain('PORT: must be a whole number between 0 and 65535 (got "abc")');
      expect(message).toContain("NODE_ENV:");
    }
  });

  it("takes the live rooms' STUN and TURN servers with the TURN server's secret, and never prints the secret", () => {
    expect(loadConfig({})).toMatchObject({ TURN_URLS: [] });
    const servers = "stun:turn.college.example:3478, turn:turn.college.example:3478?transport=tcp,turns:turn.college.example:5349";
    expect(loadConfig({ TURN_URLS: servers, TURN_SECRET: "a-long-shared-secret" })).toMatchObject({
      TURN_URLS: ["stun:turn.college.example:3478", "turn:turn.college.example:3478?transport=tcp", "turns:turn.college.example:5349"],
      TURN_SECRET: "a-long-shared-secret",
    });
    // STUN alone needs no secret.
    expect(loadConfig({ TURN_URLS: "stun:stun.college.example" })).toMatchObject({ TURN_URLS: ["stun:stun.college.example"] });
    expect(() => loadConfig({ TURN_URLS: "turn:turn.college.example" })).toThrow(
      /TURN_SECRET: is required when TURN_URLS names a turn: or turns: server/,
    );
    for (const bad of ["https://turn.college.example", "turn:turn.college.example/path", "turn:a b"])
      expect(() => loadConfig({ TURN_URLS: bad, TURN_SECRET: "a-long-shared-secret" }), bad).toThrow(
        /TURN_URLS: must be stun:, turn: or turns: addresses/,
      );
    try {
      loadConfig({ TURN_URLS: "turn:turn.college.example", TURN_SECRET: "short-secret" });
      expect.unreachable();
    } catch (error) {
      expect((error as Error).message).toContain("TURN_SECRET: must be at least 16 characters");
      expect((error as Error).message).not.toContain("short-secret");
    }
  });

  it("reads the books service's settings and never prints its key", () => {
    expect(loadConfig({})).toMatchObject({
      GOOGLE_BOOKS_URL: "https://www.googleapis.com/books/v1/volumes",
      GOOGLE_BOOKS_TIMEOUT_MS: 5000,
    });
    expect(loadConfig({ GOOGLE_BOOKS_API_KEY: "AIza-key_1", GOOGLE_BOOKS_URL: "http://127.0.0.1:9/volumes/" })).toMatchObject({
      GOOGLE_BOOKS_API_KEY: "AIza-key_1",
      GOOGLE_BOOKS_URL: "http://127.0.0.1:9/volumes",
    });
    expect(() => loadConfig({ GOOGLE_BOOKS_TIMEOUT_MS: "50" })).toThrow(
      /GOOGLE_BOOKS_TIMEOUT_MS: must be a whole number of milliseconds between 100 and 60000/,
    );
    expect(() => loadConfig({ GOOGLE_BOOKS_URL: "ftp://books.example" })).toThrow(/GOOGLE_BOOKS_URL: must be the http\(s\) address/);
    try {
      loadConfig({ GOOGLE_BOOKS_API_KEY: "secret key&with=odd" });
      expect.unreachable();
    } catch (error) {
      expect((error as Error).message).toContain("GOOGLE_BOOKS_API_KEY: must be an API key");
      expect((error as Error).message).not.toContain("secret key");
    }
  });

  it("takes the certificates' signing key as an Ed25519 key in PEM, with its line breaks written out or not, and never prints it", () => {
    const pem = (key: KeyObject) => key.export({ type: "pkcs8", format: "pem" }).toString();
    const ed25519 = pem(generateKeyPairSync("ed25519").privateKey);
    expect(loadConfig({}).CREDENTIAL_SIGNING_KEY).toBeUndefined();
    expect(loadConfig({ CREDENTIAL_SIGNING_KEY: ed25519 }).CREDENTIAL_SIGNING_KEY).toBe(ed25519.trim());
    expect(loadConfig({ CREDENTIAL_SIGNING_KEY: ed25519.trim().replaceAll("\n", "\\n") }).CREDENTIAL_SIGNING_KEY).toBe(ed25519.trim());
    const ed448 = pem(generateKeyPairSync("ed448").privateKey);
    const rsa = pem(generateKeyPairSync("rsa", { modulusLength: 1024 }).privateKey);
    for (const wrong of [ed448, rsa, "not a key", ed25519.slice(0, 60)]) {
      try {
        loadConfig({ CREDENTIAL_SIGNING_KEY: wrong });
        expect.unreachable();
      } catch (error) {
        expect((error as Error).message).toContain("CREDENTIAL_SIGNING_KEY: must be an Ed25519 private key in PEM");
        expect((error as Error).message).not.toContain(wrong.slice(0, 40));
      }
    }
  });

  it("takes a Sentry DSN (public key, host, project id), its environment and release", () => {
    expect(loadConfig({}).SENTRY_DSN).toBeUndefined();
    const config = loadConfig({
      SENTRY_DSN: "https://abc123@o42.ingest.sentry.io/4507",
      SENTRY_ENVIRONMENT: "staging",
      SENTRY_RELEASE: "web@2026.11",
    });
    expect(config).toMatchObject({
      SENTRY_DSN: "https://abc123@o42.ingest.sentry.io/4507",
      SENTRY_ENVIRONMENT: "staging",
      SENTRY_RELEASE: "web@2026.11",
    });
    expect(loadConfig({ SENTRY_DSN: "http://key@127.0.0.1:9000/sentry/1" }).SENTRY_DSN).toBe("http://key@127.0.0.1:9000/sentry/1");
  });

  it.each([
    ["no key", "https://o42.ingest.sentry.io/4507"],
    ["no project id", "https://abc123@o42.ingest.sentry.io/"],
    ["another scheme", "ftp://abc123@o42.ingest.sentry.io/4507"],
    ["no URL at all", "abc123"],
  ])("refuses a SENTRY_DSN with %s, naming the variable but not printing its value", (_, dsn) => {
    expect(() => loadConfig({ SENTRY_DSN: dsn })).toThrow(
      /SENTRY_DSN: must be a Sentry DSN, like https:\/\/<public key>@o1\.ingest\.sentry\.io\/<project id>$/m,
    );
  });
});
