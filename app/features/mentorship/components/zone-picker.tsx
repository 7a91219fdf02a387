import { useEffect } from "react";
import { Form, useLocation, useNavigate } from "react-router";

/**
 * Says which time zone the page's times are in, and lets the reader choose theirs (a GET form:
 * it works without JavaScript). With JavaScript, a reader who chose none sees the page again in
 * their browser's own zone.
 */
export function ZonePicker({
  zone,
  zoneLabel,
  chosen,
  zones,
}: {
  zone: string;
  zoneLabel: string;
  chosen: boolean;
  zones: readonly string[];
}) {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    if (chosen) return;
    const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!own || own === zone || !zones.includes(own)) return;
    const params = new URLSearchParams(location.search);
    params.set("tz", own);
    void navigate(`${location.pathname}?${params}${location.hash}`, { replace: true, preventScrollReset: true });
  }, [chosen, zone, zones, navigate, location]);
  return (
    <Form method="get" className="mt-4 flex flex-wrap items-end gap-3 rounded-md bg-brand-50 p-4">
      <p className="w-full text-sm">
        Times are shown in <strong>{zoneLabel}</strong>.
      </p>
      <label htmlFor="tz" className="text-sm font-medium">
        Show times in
      </label>
      <select id="tz" name="tz" defaultValue={zone} className="rounded-md border border-gray-400 px-2 py-1">
        {zones.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
      <button type="submit" className="btn-light border border-brand-700">
        Show
      </button>
    </Form>
  );
}
