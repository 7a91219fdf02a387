import { PageHeader } from "../../components/page-header.tsx";
import { Icon } from "../../components/icons.tsx";
import { contactDetails } from "../../content/contact.ts";
import { pageMeta } from "../../lib/meta.ts";

export const meta = () => pageMeta("Contact", `How to reach ${contactDetails.collegeName}, Chennai.`);

const fieldClass = "mt-1 w-full rounded-md border border-gray-400 px-3 py-2 disabled:bg-gray-100";

export default function Contact() {
  const { map } = contactDetails;
  return (
    <>
      <PageHeader title="Contact" />
      <div className="section grid gap-10 lg:grid-cols-3">
        <section aria-labelledby="reach-us">
          <h2 id="reach-us" className="text-2xl font-bold">
            Get In Touch
          </h2>
          <p className="mt-3 text-muted">
            The contact form is currently inactive. Please contact us by phone, mail or social media.
          </p>
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
          <ul className="mt-6 flex flex-wrap gap-3" aria-label="Social media">
            {contactDetails.social.map((account) => (
              <li key={account.name}>
                <a href={account.href} className="underline" rel="noopener">
                  {account.name}
                </a>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="map-heading">
          <h2 id="map-heading" className="text-2xl font-bold">
            Find Us
          </h2>
          <a href={map.link} className="mt-4 block" rel="noopener">
            <img
              src={map.image.src}
              alt={map.image.alt}
              width={map.image.width}
              height={map.image.height}
              loading="lazy"
              decoding="async"
              className="h-auto w-full rounded-lg border border-gray-200"
            />
            <span className="mt-2 block text-brand-800 underline">{map.label}</span>
          </a>
        </section>
        <section aria-labelledby="form-heading">
          <h2 id="form-heading" className="text-2xl font-bold">
            Send a Message
          </h2>
          <form className="mt-4" aria-describedby="form-inactive">
            <p id="form-inactive" className="mb-4 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
              This form is not accepting messages yet. Please phone or email us instead.
            </p>
            <fieldset disabled className="space-y-4">
              <legend className="sr-only">Your message</legend>
              <label className="block">
                Your Name
                <input name="name" type="text" required autoComplete="name" className={fieldClass} />
              </label>
              <label className="block">
                Your Email
                <input name="email" type="email" required autoComplete="email" className={fieldClass} />
              </label>
              <label className="block">
                Your Phone
                <input name="phone" type="tel" inputMode="numeric" required autoComplete="tel" className={fieldClass} />
              </label>
              <label className="block">
                Message
                <textarea name="message" rows={4} className={fieldClass} />
              </label>
              <button type="submit" className="btn-primary w-full disabled:opacity-60">
                Send Message
              </button>
            </fieldset>
          </form>
        </section>
      </div>
    </>
  );
}
