import { FormPage } from "#app/components/form-page.tsx";

/** The error page of sign-in: the spec's message and a way to try again. */
export function SignInProblem({ message }: { message: string }) {
  return (
    <FormPage title="Sign In" heading="Sign-in did not work" className="max-w-xl text-center">
      <p role="alert" className="mt-4 rounded-md bg-red-50 p-4 text-red-800">
        {message}
      </p>
      <p className="mt-6 flex justify-center gap-3">
        <a href="/signin" className="btn-primary">
          Try again
        </a>
        <a href="/" className="btn-light border border-brand-700">
          Go Back To Home
        </a>
      </p>
    </FormPage>
  );
}
