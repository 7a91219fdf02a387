import { Form, useNavigation } from "react-router";
import { SubmitButton } from "#app/components/submit-button.tsx";

/**
 * Save or Remove, as a form posted to /library (works without JavaScript); the server finds the
 * book by its id and sends the browser back to `returnTo`.
 */
export function ReadingListButton({ bookId, title, saved, returnTo }: { bookId: string; title: string; saved: boolean; returnTo: string }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("book") === bookId;
  return (
    <Form method="post" action="/library" preventScrollReset>
      <input type="hidden" name="book" value={bookId} />
      <input type="hidden" name="return_to" value={returnTo} />
      <input type="hidden" name="intent" value={saved ? "remove" : "save"} />
      <SubmitButton busy={busy} className="btn border border-brand-700 px-3 py-1.5 text-sm text-brand-800 hover:bg-brand-50">
        {saved ? "Remove" : "Save"}
        <span className="sr-only"> {saved ? `${title} from your reading list` : `${title} to your reading list`}</span>
      </SubmitButton>
    </Form>
  );
}
