import { PageHeader } from "#app/components/page-header.tsx";
import { servicesContext } from "#app/context.ts";
import { contactDetails } from "#app/content/contact.ts";
import { ContactDetails, socialProfiles } from "#app/features/contact/components/contact-details.tsx";
import { ContactForm } from "#app/features/contact/components/contact-form.tsx";
import { ChatWidget } from "#app/features/help/components/chat-widget.tsx";
import { contactPageData } from "#app/features/contact/page-data.server.ts";
import { handleContactSubmission } from "#app/features/contact/submit.server.ts";
import { errorTitle, pageMeta } from "#app/lib/http/meta.ts";
import type { Route } from "./+types/contact";

export const meta = ({ error }: Route.MetaArgs) =>
  pageMeta(error ? errorTitle(error) : "Contact", `How to reach ${contactDetails.collegeName}, Chennai.`);

export function loader({ url, context }: Route.LoaderArgs) {
  return contactPageData(url, context.get(servicesContext).config);
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleContactSubmission(request, context.get(servicesContext));
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
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
            Send us a message with the form, or reach us by {socialProfiles.length > 0 ? "phone, mail or social media" : "phone or mail"}.
          </p>
          <ContactDetails />
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
          <ContactForm
            key={loaderData.prefillMessage}
            captcha={loaderData.captcha}
            sent={loaderData.sent}
            actionData={actionData}
            prefillMessage={loaderData.prefillMessage}
          />
        </section>
      </div>
      <ChatWidget />
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/route-error-boundary.tsx";

export { keepRetryAfter as headers } from "#app/lib/http/too-many-requests.ts";
