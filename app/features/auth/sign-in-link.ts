/** Where Log out ends: the site's own page saying the person is signed out. */
export const signedOutPath = "/signed-out";

/**
 * The address that signs a visitor in and brings them back to `returnTo` (a path of this site).
 * The home page is where sign-in returns by default; the signed-out page is for the signed out,
 * so sign-in started there returns home too.
 */
export function signInHref(returnTo: string) {
  const signedOutPage = returnTo.split(/[?#]/)[0] === signedOutPath;
  return returnTo === "/" || signedOutPage ? "/signin" : `/signin?return_to=${encodeURIComponent(returnTo)}`;
}
