// What other features and the browser bundle use of sign-in: the roles and the sign-in link. The
// server-side front door is index.server.ts.
export { adminRoles, contentRoles, describeRoles, isRole, isStaffFor, moderatorRoles, roleNames, roles, type Role } from "./roles.ts";
export { signedOutPath, signInHref } from "./sign-in-link.ts";
