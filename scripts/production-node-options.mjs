import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/**
 * The V8 flags production runs with, read from the Dockerfile's runtime ENV NODE_OPTIONS, so the
 * tests and the bench measure the server as the image runs it (and `npm start` is checked against
 * the same line by scripts/docker-smoke).
 *
 * Why a heap ceiling at all: V8 sizes its heap from the machine's memory, and on a large host it
 * lets garbage pile up to several times the live data before collecting (the attack run grew by
 * 300 MB on a 24 GB machine with the default, by 57 MB with 512 MB).
 */
export function productionNodeOptions() {
  const dockerfile = readFileSync(fileURLToPath(new URL("../Dockerfile", import.meta.url)), "utf8").replace(/\\\n/g, " ");
  const runtime = dockerfile.split(/^FROM /m).at(-1);
  const env = [...runtime.matchAll(/^ENV (.+)$/gm)].flatMap((m) => m[1].trim().split(/\s+/));
  const options = env.find((kv) => kv.startsWith("NODE_OPTIONS="));
  if (!options) throw new Error("the Dockerfile's runtime stage sets no NODE_OPTIONS");
  return options.slice("NODE_OPTIONS=".length).replace(/^"|"$/g, "").split(/\s+/).filter(Boolean);
}
