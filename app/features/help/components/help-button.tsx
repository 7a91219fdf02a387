import { useRef, useState } from "react";
import { useHydrated } from "#app/components/use-hydrated.ts";

// Written out rather than imported from ../limits.ts: pages with the button then load one small
// file for it instead of two (every extra file is named in the route manifest every page loads).
const HELP_PATH = "/help";

type HelpDialogComponent = typeof import("./help-dialog.tsx").HelpDialog;

// Floats at the bottom left only where the margin beside the content is wider than the button
// (90rem, 1440 px); narrower, a floating button covered text, so it closes the page's content.
const buttonClass =
  "mx-auto mb-8 block w-fit rounded-full bg-brand-700 px-4 py-2 font-semibold text-white shadow-lg hover:bg-brand-800 min-[90rem]:fixed min-[90rem]:bottom-4 min-[90rem]:left-4 min-[90rem]:z-10 min-[90rem]:m-0";

/**
 * 'Need help?': opens the help assistant's dialog, whose code is fetched on the first press
 * (nothing of it is in the page before). Without JavaScript it is a link to the help page.
 */
export function HelpButton() {
  const hydrated = useHydrated();
  const [HelpDialog, setHelpDialog] = useState<HelpDialogComponent | null>(null);
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);

  async function openAssistant() {
    if (!HelpDialog) {
      setLoading(true);
      try {
        const module = await import("./help-dialog.tsx");
        setHelpDialog(() => module.HelpDialog);
      } catch {
        // The dialog's code did not arrive (offline, a new release): the help page does the same work.
        window.location.assign(HELP_PATH);
        return;
      } finally {
        setLoading(false);
      }
    }
    setOpen(true);
  }

  function closed() {
    setOpen(false);
    buttonRef.current?.focus();
  }

  if (!hydrated) {
    return (
      <a href={HELP_PATH} className={buttonClass}>
        Need help?
      </a>
    );
  }
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-disabled={loading || undefined}
        onClick={() => void openAssistant()}
        className={buttonClass}
      >
        Need help?
      </button>
      {HelpDialog && <HelpDialog open={open} onClose={closed} />}
    </>
  );
}
