/** The address that signs a visitor in and brings them back to `returnTo` (a path of this site). */
export const signInHref = (returnTo: string) => `/signin?return_to=${encodeURIComponent(returnTo)}`;
