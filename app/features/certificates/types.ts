import { site } from "#app/content/site.ts";

/** A certificate as its page, its PDF and the profile show it. */
export interface CertificateView {
  id: string;
  holderName: string;
  courseSlug: string;
  courseTitle: string;
  issuer: string;
  issuedAt: string;
  /** When it was revoked; null while valid. */
  revokedAt: string | null;
}

/** A certificate's dates as its page and its PDF print them ("26 November 2026"), in the college's time zone. */
export const certificateDate = (iso: string) => new Date(iso).toLocaleDateString("en-IN", { dateStyle: "long", timeZone: site.timeZone });
