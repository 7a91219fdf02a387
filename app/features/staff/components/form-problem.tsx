/** A refused form's message, announced when it appears. */
export function FormProblem({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-4 text-red-900">
      {message}
    </p>
  );
}
