const END = Buffer.from("</body></html>");

/**
 * `<RemixServer>` renders single fetch's loader-data scripts (a Suspense boundary holding
 * `streamController.enqueue(…)` and `.close()`) as a sibling after the router, so React writes them
 * after `</html>`. That is a parse error ("stray start tag script" in the Nu HTML Checker, which then
 * stops checking the page); browsers recover by moving the scripts into `<body>` and the first
 * boundary comment out of `<html>`. The page is sent whole (ADR 008), so the scripts go where
 * browsers put them: just before `</body>`. They still run after everything above them has been
 * parsed, as before. React hydrates `document` leaving extra nodes at the end of `<body>` alone.
 */
export function scriptsInsideBody(html: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  const end = html.indexOf(END);
  if (end === -1 || end + END.length === html.length) return html;
  return Buffer.concat([html.subarray(0, end), html.subarray(end + END.length), END]);
}
