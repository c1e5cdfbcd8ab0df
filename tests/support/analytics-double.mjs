// A stand-in for the analytics collection endpoint on 127.0.0.1, so tests can see every page view.
import { createServer } from "node:http";

const hits = [];
const server = createServer((req, res) => {
  const url = new URL(req.url, "http://127.0.0.1");
  if (url.pathname === "/__health") return res.end("ok");
  if (url.pathname === "/__hits") {
    const cid = url.searchParams.get("cid");
    const dl = url.searchParams.get("dl");
    const found = hits.filter((h) => (!cid || h.cid === cid) && (!dl || h.dl?.includes(dl)));
    res.setHeader("Content-Type", "application/json");
    return res.end(JSON.stringify(found));
  }
  if (url.pathname === "/g/collect") {
    hits.push({ ...Object.fromEntries(url.searchParams), method: req.method, at: Date.now() });
    res.setHeader("Access-Control-Allow-Origin", "*");
    res.statusCode = 204;
    return res.end();
  }
  res.statusCode = 404;
  res.end();
});
server.listen(Number(process.env.PORT ?? 3199), "127.0.0.1");
