// What other features use of the certificates on the server.
export { awardCertificates, certificatesOf, coursesPassedBy, type CertificateView } from "./certificates.server.ts";
