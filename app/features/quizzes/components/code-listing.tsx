/** The code a question refers to, as preformatted text that scrolls sideways on narrow screens. */
export function CodeListing({ code }: { code: string | undefined }) {
  if (!code) return null;
  return (
    <pre className="mt-4 overflow-x-auto rounded-md bg-gray-900 p-4 text-sm text-gray-100">
      <code>{code}</code>
    </pre>
  );
}
