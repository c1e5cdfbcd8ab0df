import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A stand-in API that hands out client tokens and answers every other call with `answer`'s status
 * (and a created lead for a 201), recording each call's path and Idempotency-Key.
 */
export async function startFakeApi(answer: (url: string) => number) {
  const calls: string[] = [];
  const uploads: Buffer[] = [];
  const server = createServer((req, res) => {
    res.setHeader("content-type", "application/json");
    const body: Buffer[] = [];
    req.on("data", (chunk: Buffer) => body.push(chunk));
    req.on("end", () => {
      if (req.url === "/connect/token") {
        const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");
        const now = Math.floor(Date.now() / 1000);
        return res.end(JSON.stringify({ access_token: `${b64({})}.${b64({ iat: now, exp: now + 600 })}.x`, token_type: "Bearer", expires_in: 600 }));
      }
      calls.push(`${req.url} ${req.headers["idempotency-key"]}`);
      if (req.url === "/api/admin/multimedia/image") {
        uploads.push(Buffer.concat(body));
        return res.end(JSON.stringify({ hasError: false, result: { id: "img-1", contentType: "image/png", size: 3 } }));
      }
      res.statusCode = answer(req.url ?? "");
      res.end(res.statusCode === 201 ? JSON.stringify({ hasError: false, result: { id: 7, receivedAt: new Date().toISOString() } }) : "{}");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    uploads,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
