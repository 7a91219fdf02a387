import { data, Form, redirect, useNavigation } from "react-router";
import { PageHeader } from "../../components/page-header.tsx";
import { TextField } from "../../components/text-field.tsx";
import { servicesContext, userContext } from "../../context.ts";
import { findAccountById, updateContactDetails } from "../../features/accounts/queries.server.ts";
import { ADDRESS_MAX_LENGTH, type ContactDetailsField, type FieldErrors } from "../../features/accounts/limits.ts";
import { contactDetailsSchema, fieldErrors } from "../../features/accounts/schemas.ts";
import { pageMeta } from "../../lib/meta.ts";
import type { Route } from "./+types/profile";

export const meta = () => pageMeta("Profile");

/** Signed-in people only; visitors go to sign in and come back here. */
export async function loader({ context }: Route.LoaderArgs) {
  const signedIn = context.get(userContext);
  if (!signedIn) throw redirect("/signin?return_to=/profile");
  const { db, identityProvider } = context.get(servicesContext);
  // Phone and address live in our accounts table, so only with the built-in provider.
  const account = identityProvider ? await findAccountById(db, signedIn.user.sub) : undefined;
  return {
    user: signedIn.user,
    editable: Boolean(account),
    phone: account?.phone ?? null,
    address: account?.address ?? null,
  };
}

type ActionResult = { saved: boolean; errors: FieldErrors<ContactDetailsField>; values: { phone: string; address: string } };

/** The person's own phone and address: the only details this site keeps about them. */
export async function action({ request, context }: Route.ActionArgs) {
  const signedIn = context.get(userContext);
  if (!signedIn) throw redirect("/signin?return_to=/profile");
  const { db, identityProvider } = context.get(servicesContext);
  if (!identityProvider) throw data("Details are kept by the sign-in service", { status: 404 });
  const form = await request.formData();
  const values = { phone: String(form.get("phone") ?? ""), address: String(form.get("address") ?? "") };
  const parsed = contactDetailsSchema.safeParse(values);
  if (!parsed.success) return data<ActionResult>({ saved: false, errors: fieldErrors(parsed.error), values }, { status: 400 });
  await updateContactDetails(db, signedIn.user.sub, parsed.data);
  return { saved: true, errors: {}, values } satisfies ActionResult;
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join("");

// The 'Project Status' cards show the spec's fixed values until the learning feature gives them real data.
const projectStatus = [
  { label: "Web Design", value: 80 },
  { label: "Website Markup", value: 72 },
  { label: "One Page", value: 89 },
  { label: "Mobile Template", value: 55 },
  { label: "Backend API", value: 66 },
];

function ContactDetailsForm({ phone, address, result }: { phone: string | null; address: string | null; result?: ActionResult }) {
  const busy = useNavigation().state === "submitting";
  const errors = result?.errors ?? {};
  return (
    <section aria-labelledby="contact-heading" className="rounded-lg border border-gray-200 p-6 shadow-sm lg:col-span-3">
      <h2 id="contact-heading" className="text-xl font-bold">
        Update your contact details
      </h2>
      {result?.saved && (
        <p role="status" className="mt-4 rounded-md bg-emerald-50 p-3 text-emerald-900">
          Your contact details were saved.
        </p>
      )}
      <Form method="post" className="mt-4 grid gap-4 md:grid-cols-2" noValidate>
        <TextField
          id="profile-phone"
          name="phone"
          label="Phone"
          type="tel"
          autoComplete="tel"
          required
          defaultValue={result?.values.phone ?? phone ?? ""}
          error={errors.phone}
        />
        <TextField
          id="profile-address"
          name="address"
          label="Address"
          multiline
          maxLength={ADDRESS_MAX_LENGTH}
          autoComplete="street-address"
          defaultValue={result?.values.address ?? address ?? ""}
          error={errors.address}
        />
        <div className="md:col-span-2">
          <button type="submit" className="btn-primary" aria-disabled={busy || undefined}>
            Save details
          </button>
        </div>
      </Form>
    </section>
  );
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { user, phone, address, editable } = loaderData;
  const details = [
    ["Full Name", user.name],
    ["User Id", user.sub],
    ["Email", user.email ?? "—"],
    ["Phone", phone ?? "—"],
    ["Address", address ?? "—"],
  ];
  return (
    <>
      <PageHeader title="Profile" />
      <div className="section grid gap-8 lg:grid-cols-3">
        <section aria-label="Your account" className="rounded-lg border border-gray-200 p-6 text-center shadow-sm">
          {user.picture ? (
            <img src={user.picture} alt="" width={120} height={120} className="mx-auto size-30 rounded-full" />
          ) : (
            <span
              aria-hidden="true"
              className="mx-auto flex size-30 items-center justify-center rounded-full bg-brand-700 text-4xl font-bold text-white"
            >
              {initials(user.name)}
            </span>
          )}
          <h2 className="mt-4 text-2xl font-bold">{user.name}</h2>
          <p className="text-muted">Full Stack Developer</p>
          <p className="text-sm text-muted">Chennai, Tamil Nadu</p>
        </section>
        <section aria-labelledby="details-heading" className="rounded-lg border border-gray-200 p-6 shadow-sm lg:col-span-2">
          <h2 id="details-heading" className="text-xl font-bold">
            Details
          </h2>
          <dl className="mt-4 divide-y divide-gray-200">
            {details.map(([term, value]) => (
              <div key={term} className="grid grid-cols-3 gap-4 py-3">
                <dt className="font-semibold">{term}</dt>
                <dd className="col-span-2 break-all text-muted">{value}</dd>
              </div>
            ))}
          </dl>
        </section>
        {editable && <ContactDetailsForm phone={phone} address={address} result={actionData} />}
        {[1, 2].map((card) => (
          <section key={card} aria-labelledby={`status-${card}`} className="rounded-lg border border-gray-200 p-6 shadow-sm lg:col-span-1">
            <h2 id={`status-${card}`} className="text-xl font-bold">
              Project Status
            </h2>
            <ul className="mt-4 space-y-3">
              {projectStatus.map((item) => (
                <li key={item.label}>
                  <span className="text-sm">{item.label}</span>
                  <progress className="block h-2 w-full accent-brand-700" max={100} value={item.value} aria-label={`${item.label}: ${item.value}%`} />
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </>
  );
}
