import type { ShouldRevalidateFunctionArgs } from "react-router";

/**
 * For the pages a mailed link opens (`?token=…`): their data is the link's, read when it is
 * opened. A post from the page (its own button, which uses the link up, or another form such as
 * the footer's newsletter) leaves it as it is: read again, a used-up link would answer 400 ("no
 * longer works") while the page shows what the post did. The root's data is still read again.
 */
export function keepLinkPageDataAfterPosts({ formMethod, currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const posted = formMethod !== undefined && formMethod !== "GET";
  return posted && currentUrl.href === nextUrl.href ? false : defaultShouldRevalidate;
}
