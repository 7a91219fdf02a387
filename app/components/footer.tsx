import { contactDetails } from "../content/contact.ts";
import { gallery } from "../content/gallery.ts";
import { site } from "../content/site.ts";
import { NewsletterForm } from "../features/newsletter/components/newsletter-form.tsx";
import { BackToTop } from "./back-to-top.tsx";
import { Icon } from "./icons.tsx";
import { needsOwnDocument } from "./nav-links.ts";
import { SiteLink } from "./site-link.tsx";

const quickLinks = [
  { to: "/about", label: "About Us" },
  { to: "/courses", label: "Courses" },
  { to: "/library", label: "E-Library" },
  { to: "/feedback", label: "Feedback" },
  { to: "/contact", label: "Contact Us" },
];

export function Footer() {
  return (
    <footer className="mt-16 bg-[#0b1e33] text-gray-100">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:grid-cols-2 lg:grid-cols-4">
        <section aria-labelledby="footer-links">
          <h2 id="footer-links" className="mb-4 text-xl font-bold text-white">
            Quick Link
          </h2>
          <ul className="space-y-2">
            {quickLinks.map((link) => (
              <li key={link.to}>
                <SiteLink to={link.to} reloadDocument={needsOwnDocument(link.to)} className="hover:text-white hover:underline">
                  {link.label}
                </SiteLink>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="mb-4 text-xl font-bold text-white">
            Contact
          </h2>
          <address className="space-y-2 not-italic">
            <p className="flex gap-2">
              <Icon name="map-pin" className="mt-1 shrink-0" />
              <span>
                {contactDetails.collegeName}
                {contactDetails.addressLines.map((line) => (
                  <span key={line} className="block">
                    {line}
                  </span>
                ))}
              </span>
            </p>
            <p className="flex items-center gap-2">
              <Icon name="phone" className="shrink-0" />
              <a href={`tel:${contactDetails.phone.replaceAll(" ", "")}`} className="hover:underline">
                {contactDetails.phone}
              </a>
            </p>
            <p className="flex items-center gap-2">
              <Icon name="mail" className="shrink-0" />
              <a href={`mailto:${contactDetails.email}`} className="hover:underline">
                {contactDetails.email}
              </a>
            </p>
          </address>
        </section>
        <section aria-labelledby="footer-gallery">
          <h2 id="footer-gallery" className="mb-4 text-xl font-bold text-white">
            Gallery
          </h2>
          <ul className="grid grid-cols-3 gap-2">
            {gallery.map((image) => (
              <li key={image.src}>
                <img
                  src={image.src}
                  alt={image.alt}
                  width={image.width}
                  height={image.height}
                  loading="lazy"
                  decoding="async"
                  className="h-auto w-full rounded bg-white/10"
                />
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-newsletter">
          <h2 id="footer-newsletter" className="mb-4 text-xl font-bold text-white">
            Newsletter
          </h2>
          <p className="mb-4">{site.newsletterBlurb}</p>
          <NewsletterForm />
        </section>
      </div>
      <div className="border-t border-white/15">
        <div className="mx-auto flex max-w-6xl items-center gap-4 px-4 py-6">
          <p className="flex-1 text-center text-sm">
            © {new Date().getFullYear()} {contactDetails.collegeName}. {site.projectNote}
          </p>
          <BackToTop />
        </div>
      </div>
    </footer>
  );
}
