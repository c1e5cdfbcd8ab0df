/*
 * A rendered page goes from entry.server to the socket as the one buffer it already is. Handing
 * it over as a Response body cost undici a copy of the page and a byte stream, and Remix's
 * writeReadableStreamToWritable then read that stream back chunk by chunk: together about 5% of
 * a page's server time with every cache off (#16). The page's Response carries no body of its own,
 * only this one, under a registered symbol: entry.server and the express handler are in two bundles
 * (build/index.js and build/server.js), and Symbol.for is the same symbol in both.
 */
const WHOLE_BODY = Symbol.for("remed.wholeBody");

type Carrier = Response & { [WHOLE_BODY]?: Uint8Array };

/** A body-less Response whose body is `body`, for the express handler to write as it is. */
export function responseWithWholeBody(body: Uint8Array, init: ResponseInit): Response {
  const response: Carrier = new Response(null, init);
  Object.defineProperty(response, WHOLE_BODY, { value: body });
  return response;
}

/** The body `responseWithWholeBody` gave a response, if it was made that way. */
export function wholeBodyOf(response: Response): Uint8Array | undefined {
  return (response as Carrier)[WHOLE_BODY];
}
