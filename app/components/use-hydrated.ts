import { useEffect, useState } from "react";

/** Set once the first page has hydrated; components mounted after that start as hydrated. */
let appHydrated = false;

/**
 * False on the server and while the first page hydrates; true from the first render of
 * anything mounted later (client navigation), so such components render their final form at once.
 */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(appHydrated);
  useEffect(() => {
    appHydrated = true;
    setHydrated(true);
  }, []);
  return hydrated;
}
