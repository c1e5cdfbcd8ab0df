import { createContext, useContext } from "react";

/** A country's cities as the API lists them (contract.ts's City, minus what the HTML does not show). */
export interface HtmlCities {
  country: string;
  list: { id: number; name: string }[];
}

/**
 * What the server's render alone shows, never the browser's: a list the HTML shows once and the
 * browser reads back from the page (a country's towns, thousands for some) would otherwise also travel in the
 * loader data, and decoding it was most of the form's hydration. entry.server provides these
 * lookups over what the request's loaders and action read (forms/cities.server.ts); a component
 * asks for what it shows. In the browser there are none.
 */
export interface HtmlOnly {
  /** The towns of the country the form shows (Türkiye for one the list does not offer). */
  cities?: (country: string) => HtmlCities;
}

const HtmlOnlyContext = createContext<HtmlOnly>({});

export const HtmlOnlyProvider = HtmlOnlyContext.Provider;
export const useHtmlOnly = () => useContext(HtmlOnlyContext);
