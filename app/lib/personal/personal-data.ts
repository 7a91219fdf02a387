// The person's data of a page served from a kept page with its personal parts filled in comes in
// the document (a JSON script), not in the loaders' data, which stays the kept page's, the same
// for everyone. Routes read it through `personalOf` for the render that hydrates that document;
// after that (a navigation, a form's revalidation) their loaders' own answer is the person's.

/** The element of the document that carries the person's data, by name. */
export const personalDataElementId = "personal-data";

let inDocument: Record<string, unknown> | null | undefined;
/** The loader data each name was first rendered with: the data the document was served with. */
const hydratedWith = new Map<string, object>();

function documentData(): Record<string, unknown> | null {
  if (inDocument === undefined) {
    const element = typeof document === "undefined" ? null : document.getElementById(personalDataElementId);
    inDocument = element?.textContent ? (JSON.parse(element.textContent) as Record<string, unknown>) : null;
  }
  return inDocument;
}

/**
 * The person's data named `name` for a render with `loaderData`: the document's when the page
 * was served filled in and this is still the data it was served with, else `fromLoader`.
 */
export function personalOf<T>(name: string, loaderData: object | undefined, fromLoader: T): T {
  const served = documentData();
  if (!served || !(name in served) || !loaderData) return fromLoader;
  const first = hydratedWith.get(name);
  if (!first) hydratedWith.set(name, loaderData);
  return !first || first === loaderData ? (served[name] as T) : fromLoader;
}
