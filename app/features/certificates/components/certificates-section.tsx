import { Link } from "react-router";
import { certificateDate, type CertificateView } from "../types.ts";

/** On the profile: the learner's certificates of completion, each linked to its public proof. */
export function CertificatesSection({ certificates, className = "" }: { certificates: CertificateView[]; className?: string }) {
  return (
    <section aria-labelledby="certificates-heading" className={className}>
      <h2 id="certificates-heading" className="text-xl font-bold">
        Certificates
      </h2>
      {certificates.length === 0 ? (
        <p className="mt-3 text-muted">
          Finish every lesson of a course and pass its quiz to earn its certificate of completion.{" "}
          <Link to="/courses" className="underline">
            Browse the courses
          </Link>
          .
        </p>
      ) : (
        <ul className="mt-3 space-y-2">
          {certificates.map((certificate) => (
            <li key={certificate.id} className="flex flex-wrap items-baseline gap-x-3">
              <Link to={`/certificates/${certificate.id}`} className="font-semibold text-brand-800 underline">
                {certificate.courseTitle}
              </Link>
              <span className="text-sm text-muted">
                {certificateDate(certificate.issuedAt)}
                {certificate.revokedAt && " (revoked)"}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
