import { PageHeader } from "../../components/page-header.tsx";
import { pageMeta } from "../../lib/meta.ts";

export const meta = () => pageMeta("Sign Up Page");

const fields = [
  { name: "name", label: "Name", type: "text", autoComplete: "name" },
  { name: "phone", label: "Phone", type: "tel", autoComplete: "tel" },
  { name: "email", label: "Email", type: "email", autoComplete: "email" },
  { name: "password1", label: "Password", type: "password", autoComplete: "new-password" },
  { name: "password2", label: "Confirm Password", type: "password", autoComplete: "new-password" },
] as const;

// Accounts are created together with sign-in (the accounts feature); until
// then the form says plainly that it does not accept registrations.
export default function Register() {
  return (
    <>
      <PageHeader title="Sign Up Page" />
      <section className="section max-w-lg" aria-labelledby="register-heading">
        <h2 id="register-heading" className="text-2xl font-bold">
          User Register Page
        </h2>
        <form method="post" className="mt-6" aria-describedby="register-closed">
          <p id="register-closed" className="mb-4 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
            Registration is not open yet. It opens together with sign-in.
          </p>
          <fieldset disabled className="space-y-4">
            <legend className="sr-only">Your account</legend>
            {fields.map((field) => (
              <label key={field.name} className="block">
                {field.label}
                <input
                  name={field.name}
                  type={field.type}
                  autoComplete={field.autoComplete}
                  className="mt-1 w-full rounded-md border border-gray-400 px-3 py-2 disabled:bg-gray-100"
                />
              </label>
            ))}
            <button type="submit" className="btn-primary w-full disabled:opacity-60">
              Register
            </button>
          </fieldset>
        </form>
      </section>
    </>
  );
}
