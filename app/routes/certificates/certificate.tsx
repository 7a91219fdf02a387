import { Form, useNavigation } from "react-router";
import { PageHeader } from "#app/components/page-header.tsx";
import { SubmitButton } from "#app/components/submit-button.tsx";
import { servicesContext } from "#app/context.ts";
import { getUser } from "#app/features/auth/index.server.ts";
import { REVOKE_REASON_MAX_LENGTH, REVOKE_REASON_MIN_LENGTH } from "#app/features/certificates/limits.ts";
import { certificateDate } from "#app/features/certificates/types.ts";
import { loadCertificatePage, submitRevocation } from "#app/features/certificates/verification.server.ts";
import { requireAdmin } from "#app/features/staff/access.server.ts";
import { errorTitle, pageMeta } from "#app/lib/http/meta.ts";
import type { Route } from "./+types/certificate";

export async function loader({ params, url, context }: Route.LoaderArgs) {
  return loadCertificatePage(context.get(servicesContext), getUser(context), params.id, url);
}

export async function action({ request, params, url, context }: Route.ActionArgs) {
  const { actor } = requireAdmin(context, url.pathname);
  return submitRevocation(context.get(servicesContext), actor, params.id, await request.formData());
}

export const meta = ({ loaderData, error }: Route.MetaArgs) =>
  pageMeta(loaderData ? `Certificate: ${loaderData.certificate.courseTitle}` : errorTitle(error));

/** A certificate of completion as anyone checking it sees it, and an administrator's Revoke. */
export default function Certificate({ loaderData, actionData }: Route.ComponentProps) {
  const { certificate, canRevoke, revokedNow, offerOpenBadge } = loaderData;
  const busy = useNavigation().state === "submitting";
  const valid = certificate.revokedAt === null;
  return (
    <>
      <PageHeader title="Certificate of completion" />
      <div className="section mx-auto max-w-3xl">
        <article aria-labelledby="certificate-heading" className="rounded-lg border-4 border-double border-brand-700 p-8 text-center">
          <p className="section-kicker">{certificate.issuer}</p>
          <h2 id="certificate-heading" className="text-3xl font-bold">
            {certificate.holderName}
          </h2>
          <p className="mt-3 text-lg">
            has completed the course <strong>{certificate.courseTitle}</strong>
          </p>
          <p className="mt-2 text-muted">on {certificateDate(certificate.issuedAt)}</p>
          <p
            role="status"
            className={`mx-auto mt-6 inline-block rounded-full px-4 py-1 font-semibold ${valid ? "bg-emerald-100 text-emerald-900" : "bg-red-100 text-red-900"}`}
          >
            {valid ? "Valid certificate" : `Revoked on ${certificateDate(certificate.revokedAt!)}`}
          </p>
          <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-left text-sm">
            <dt className="font-semibold">Certificate id</dt>
            <dd className="font-mono break-all">{certificate.id}</dd>
            <dt className="font-semibold">Issued by</dt>
            <dd>{certificate.issuer}</dd>
          </dl>
        </article>
        <p className="mt-6 flex flex-wrap gap-3">
          <a href={`/certificates/${certificate.id}/certificate.pdf`} className="btn-primary" download>
            Download the PDF
          </a>
          {offerOpenBadge && (
            <a href={`/certificates/${certificate.id}/open-badge.json`} className="btn-light border border-brand-700" download>
              Download the Open Badge
            </a>
          )}
        </p>
        <p className="mt-6 text-sm text-muted">
          This page is the certificate's proof: its address is its own and cannot be guessed. Anyone given it can check the certificate
          here.
        </p>
        {offerOpenBadge && (
          <p className="mt-3 text-sm text-muted">
            The Open Badge is the same certificate as a signed digital credential (Open Badges 3.0) for a wallet or a badge backpack. It is
            signed with the college's key, published at{" "}
            <a href="/credentials/issuer.json" className="font-semibold text-brand-800 underline">
              /credentials/issuer.json
            </a>
            , so it can be checked without this site.
          </p>
        )}
        {revokedNow && (
          <p role="status" className="mt-6 rounded-md bg-emerald-50 p-3 text-emerald-900">
            The certificate was revoked; the reason is in the audit log.
          </p>
        )}
        {canRevoke && (
          <section aria-labelledby="revoke-heading" className="mt-10 rounded-lg border border-red-200 p-5">
            <h2 id="revoke-heading" className="text-xl font-bold">
              Revoke this certificate
            </h2>
            <Form method="post" className="mt-3 space-y-3">
              {actionData && (
                <p role="alert" className="rounded-md bg-red-50 p-3 text-red-800">
                  {actionData.message}
                </p>
              )}
              <label htmlFor="revoke-reason" className="block font-medium">
                Reason (for the audit log)
              </label>
              <textarea
                id="revoke-reason"
                name="reason"
                required
                rows={3}
                minLength={REVOKE_REASON_MIN_LENGTH}
                maxLength={REVOKE_REASON_MAX_LENGTH}
                className="w-full rounded-md border border-gray-400 px-3 py-2"
              />
              <input type="hidden" name="intent" value="revoke" />
              <SubmitButton busy={busy} className="btn-light border border-red-400 text-red-800">
                Revoke for good
              </SubmitButton>
            </Form>
          </section>
        )}
      </div>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/route-error-boundary.tsx";
