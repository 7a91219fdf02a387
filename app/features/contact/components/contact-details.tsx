import { Icon } from "#app/components/icons.tsx";
import { contactDetails } from "#app/content/contact.ts";

/** The college's social media profiles that have an address: the others are not set yet. */
export const socialProfiles = contactDetails.social.flatMap(({ name, href }) => (href ? [{ name, href }] : []));

/** The college's address, phone, email, office hours and social media accounts. */
export function ContactDetails() {
  return (
    <>
      <address className="mt-6 space-y-4 not-italic">
        <p className="flex gap-3">
          <Icon name="map-pin" className="mt-1 shrink-0 text-brand-700" />
          <span>
            {contactDetails.collegeName}, {contactDetails.department}
            {contactDetails.addressLines.map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          </span>
        </p>
        <p className="flex items-center gap-3">
          <Icon name="phone" className="shrink-0 text-brand-700" />
          <a href={`tel:${contactDetails.phone.replaceAll(" ", "")}`} className="underline">
            {contactDetails.phone}
          </a>
        </p>
        <p className="flex items-center gap-3">
          <Icon name="mail" className="shrink-0 text-brand-700" />
          <a href={`mailto:${contactDetails.email}`} className="underline">
            {contactDetails.email}
          </a>
        </p>
        <p className="text-muted">{contactDetails.officeHours}</p>
      </address>
      {socialProfiles.length > 0 && (
        <ul className="mt-6 flex flex-wrap gap-3" aria-label="Social media">
          {socialProfiles.map((account) => (
            <li key={account.name}>
              <a href={account.href} className="underline" rel="noopener">
                {account.name}
              </a>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
