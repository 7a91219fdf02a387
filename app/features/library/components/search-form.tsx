import { Form, useNavigation } from "react-router";
import { SubmitButton } from "#app/components/submit-button.tsx";
import { SEARCH_TEXT_MAX_LENGTH } from "../limits.ts";
import type { FilterOption, SearchFormValues } from "../types.ts";

const fieldClass = "mt-1 w-full rounded-md border border-gray-400 bg-white px-3 py-2";

/**
 * The search as a GET form: its address (`/library?q=…`) can be shared and bookmarked, and it
 * works without JavaScript. `problem` is the server's reason for refusing the last search.
 */
export function SearchForm({
  values,
  subjects,
  languages,
  offerFree,
  problem,
}: {
  values: SearchFormValues;
  subjects: FilterOption[];
  languages: FilterOption[];
  /** Only filters that can change a result are offered (page.server.ts). */
  offerFree: boolean;
  problem: string | null;
}) {
  const navigation = useNavigation();
  // A search on its way: the Search button refuses a second press until the results arrive.
  const searching =
    navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "GET" && navigation.formAction?.split("?")[0] === "/library";
  return (
    <Form
      method="get"
      action="/library"
      role="search"
      aria-label="Books"
      className="grid gap-4 rounded-lg border border-gray-200 p-4 shadow-sm md:grid-cols-6"
    >
      <div className="md:col-span-6">
        <label htmlFor="library-q" className="block font-medium">
          Search by title, author or subject
        </label>
        <div className="mt-1 flex gap-2">
          <input
            id="library-q"
            name="q"
            type="search"
            defaultValue={values.q}
            maxLength={SEARCH_TEXT_MAX_LENGTH}
            autoComplete="off"
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? "library-q-problem" : undefined}
            className={`${fieldClass} mt-0 flex-1`}
          />
          <SubmitButton busy={searching}>Search</SubmitButton>
        </div>
        {problem && (
          <p id="library-q-problem" role="alert" className="mt-2 rounded-md bg-red-50 p-3 text-red-800">
            {problem}
          </p>
        )}
      </div>
      {offerFree && (
        <div className="flex items-end md:col-span-2">
          <label className="flex items-center gap-2 py-2">
            <input type="checkbox" name="free" value="1" defaultChecked={values.free} className="size-5 accent-brand-700" />
            Free e-books only
          </label>
        </div>
      )}
      <FilterSelect name="subject" label="Subject" anyLabel="Any subject" value={values.subject} choices={subjects} />
      {languages.length > 0 && (
        <FilterSelect name="language" label="Language" anyLabel="Any language" value={values.language} choices={languages} />
      )}
    </Form>
  );
}

function FilterSelect({
  name,
  label,
  anyLabel,
  value,
  choices,
}: {
  name: string;
  label: string;
  anyLabel: string;
  value: string;
  choices: Array<{ value: string; label: string }>;
}) {
  return (
    <div className="md:col-span-2">
      <label htmlFor={`library-${name}`} className="block font-medium">
        {label}
      </label>
      <select id={`library-${name}`} name={name} defaultValue={value} className={fieldClass}>
        <option value="">{anyLabel}</option>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
}
