import { data, redirect } from "react-router";
import type { RequestServices } from "#app/context.ts";
import { isStaffFor, adminRoles } from "#app/features/auth/index.ts";
import type { SessionUser } from "#app/features/auth/index.server.ts";
import type { StaffActor } from "#app/lib/db/audit-log.server.ts";
import { siteOrigin } from "#app/lib/config/env.server.ts";
import type { CertificateView } from "./types.ts";
import { certificatePdf } from "./certificate-pdf.server.ts";
import { certificateById, isHeldBy, revokeCertificate } from "./certificates.server.ts";
import { credentialIssuer } from "./credential-key.server.ts";
import { issuerProfile, openBadgeContext, openBadgeCredential } from "./open-badge.server.ts";
import { REVOKE_REASON_MAX_LENGTH, REVOKE_REASON_MIN_LENGTH } from "./limits.ts";

/**
 * The public proof of a certificate: who holds it, for which course, since when, and whether it
 * still stands. Nothing else about the person. An id that is no certificate's answers 404.
 */
export async function loadCertificatePage({ db }: Pick<RequestServices, "db">, user: SessionUser | null, id: string, url: URL) {
  const certificate = await certificateById(db, id);
  if (!certificate) throw data("No such certificate", { status: 404 });
  return {
    certificate,
    offerOpenBadge: user !== null && certificate.revokedAt === null && (await isHeldBy(db, id, user.sub)),
    canRevoke: user !== null && isStaffFor(adminRoles, user.role) && certificate.revokedAt === null,
    revokedNow: url.searchParams.get("revoked") === "1",
  };
}

/** An administrator's revocation, with its reason (kept in the audit log, not shown on the page). */
export async function submitRevocation({ db }: Pick<RequestServices, "db">, actor: StaffActor, id: string, form: FormData) {
  const reason = String(form.get("reason") ?? "").trim();
  if (form.get("intent") !== "revoke")
    return data({ message: "This form did not say what to do. Reload the page and try again." }, { status: 400 });
  if (reason.length < REVOKE_REASON_MIN_LENGTH || reason.length > REVOKE_REASON_MAX_LENGTH) {
    return data(
      {
        message: `Give the reason for revoking in ${REVOKE_REASON_MIN_LENGTH} to ${REVOKE_REASON_MAX_LENGTH} characters: it goes in the audit log.`,
      },
      { status: 400 },
    );
  }
  const revoked = await revokeCertificate(db, actor, id, reason);
  if (!revoked.ok) return data({ message: revoked.message }, { status: revoked.status });
  return redirect(`/certificates/${id}?revoked=1`, 303);
}

const plainText = (text: string, status: number) =>
  new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/** "certificate-html" for the HTML course: the name a download is saved under, without its extension. */
const fileNameOf = (certificate: CertificateView) =>
  `certificate-${
    certificate.courseTitle
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "course"
  }`;

/** The certificate as a PDF, its QR code leading to its public page; 404 as the page does. */
export async function certificatePdfResponse({ db, config }: Pick<RequestServices, "db" | "config">, id: string): Promise<Response> {
  const certificate = await certificateById(db, id);
  if (!certificate) return plainText("No such certificate", 404);
  const pdf = await certificatePdf(certificate, `${siteOrigin(config)}/certificates/${certificate.id}`);
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${fileNameOf(certificate)}.pdf"`,
      // A revocation must show at once: never kept by a browser or a proxy.
      "Cache-Control": "no-store",
    },
  });
}

/**
 * The certificate as a signed Open Badge, for its holder only (it carries their hashed email
 * address); none for a revoked certificate.
 */
export async function openBadgeResponse({ db, config }: Pick<RequestServices, "db" | "config">, holder: SessionUser, id: string) {
  const certificate = await certificateById(db, id);
  if (!certificate) return plainText("No such certificate", 404);
  if (!(await isHeldBy(db, id, holder.sub))) return plainText("Only the certificate's holder can download its Open Badge.", 403);
  if (certificate.revokedAt !== null) return plainText("This certificate was revoked: its Open Badge is no longer issued.", 410);
  const credential = await openBadgeCredential(certificate, holder, siteOrigin(config), await credentialIssuer(db, config));
  return new Response(JSON.stringify(credential, null, 2), {
    headers: {
      // The media type of a verifiable credential in JSON-LD (data model 2.0).
      "Content-Type": "application/vc",
      "Content-Disposition": `attachment; filename="${fileNameOf(certificate)}.json"`,
      "Cache-Control": "no-store",
    },
  });
}

/** The college as the issuer of its Open Badges, with the key that signs them (its did:key), for anyone to check against. */
export async function issuerProfileResponse({ db, config }: Pick<RequestServices, "db" | "config">) {
  const issuer = await credentialIssuer(db, config);
  const profile = {
    "@context": openBadgeContext,
    ...issuerProfile(siteOrigin(config), issuer),
  };
  return new Response(JSON.stringify(profile, null, 2), {
    headers: { "Content-Type": "application/ld+json", "Cache-Control": "public, max-age=3600" },
  });
}
