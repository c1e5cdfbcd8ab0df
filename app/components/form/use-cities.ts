import { useCallback, useEffect, useRef, useState } from "react";
import type { City } from "~/lib/platform/api/contract";

/**
 * A country's cities from the cities route (`/cities/{code}?lang=`), fetched by the page itself.
 * Not a Remix fetcher: a form sent while the list still loads made the router abort that load, and
 * the aborted load reached the route's error boundary for a moment (an error in the console, a
 * flash of the error page) before the answer's redirect put the page back. Here a newer load, or
 * the form going away, aborts the older one quietly; the browser keeps the list a day (the route's
 * Cache-Control). A list that cannot be had leaves the previous one, and the field takes any name.
 */
export function useCities() {
  const [cities, setCities] = useState<{ data: City[] | null; loading: boolean }>({ data: null, loading: false });
  const current = useRef<AbortController | null>(null);
  useEffect(() => () => current.current?.abort(), []);
  const load = useCallback((url: string) => {
    current.current?.abort();
    const controller = new AbortController();
    current.current = controller;
    setCities((was) => ({ ...was, loading: true }));
    fetch(url, { signal: controller.signal, headers: { Accept: "application/json" } })
      .then(async (res) => (res.ok ? ((await res.json()) as City[]) : null))
      .catch(() => null)
      .then((data) => {
        if (controller.signal.aborted) return;
        setCities((was) => ({ data: data ?? was.data, loading: false }));
      });
  }, []);
  return { ...cities, load };
}
