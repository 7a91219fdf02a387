import { servicesContext } from "#app/context.ts";
import { certificatePdfResponse } from "#app/features/certificates/verification.server.ts";
import type { Route } from "./+types/certificate-pdf";

/** /certificates/<id>/certificate.pdf: the certificate to print or attach. */
export function loader({ params, context }: Route.LoaderArgs) {
  return certificatePdfResponse(context.get(servicesContext), params.id);
}
