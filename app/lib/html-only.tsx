import { createContext, useContext } from "react";

/** A country's cities as the API lists them (contract.ts's City, minus what the HTML does not show). */
export interface HtmlCities {
  country: string;
  list: { id: number; name: string }[];
}

/**
 * What a loader or action hands the server's render alone, never the browser's: a list the HTML
 * shows once and the browser reads back from the page (the default country's 1,300 cities) would
 * otherwise also travel in the loader data, and decoding it was most of the form's hydration.
 * Filled per request in the load context (entry.server provides it); in the browser it is empty.
 */
export interface HtmlOnly {
  cities?: HtmlCities;
}

const HtmlOnlyContext = createContext<HtmlOnly>({});

export const HtmlOnlyProvider = HtmlOnlyContext.Provider;
export const useHtmlOnly = () => useContext(HtmlOnlyContext);
