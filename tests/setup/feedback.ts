import { TestBrowser } from "./http-client.ts";

/** Posts the wall's form as a signed-out visitor from `clientAddress` (the site trusts one proxy); answers the response. */
export function postFeedbackAs(siteUrl: string, clientAddress: string, comment: string, name = "Kavya S") {
  return new TestBrowser(siteUrl, clientAddress).postForm("/feedback/new", { name, comment, image: "", rating: "5" });
}
