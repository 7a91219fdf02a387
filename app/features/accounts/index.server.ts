// What other features use of the built-in accounts: their OpenID provider, which the sign-in set-up
// chooses when no external one is configured.
export { createBuiltInProvider, SITE_CLIENT_ID } from "./provider/provider.ts";
export { pruneExpiredPayloads } from "./provider/adapter.ts";
