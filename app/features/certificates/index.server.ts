// What other features use of the certificates on the server.
export { awardCertificates, certificatesOf, coursesPassedBy } from "./certificates.server.ts";
