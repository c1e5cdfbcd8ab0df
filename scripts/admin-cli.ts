// `npm run admin`: staff accounts from the command line (bundled to build/admin.js).
//   npm run admin -- create-user --email a@b.c --name "Ayşe" --role owner [--language tr]
//   npm run admin -- reset-password --email a@b.c
// The password comes from ADMIN_PASSWORD when set, else from stdin (one line; hidden on a terminal),
// never from the arguments, which any user of the machine can read in `ps`.
// With API_URL set it calls the identity API's operations endpoints with the site's client
// credentials (CLIENT_ID, CLIENT_SECRET; IDENTITY_URL if the identity API lives elsewhere);
// otherwise it opens the embedded backend's database, DATA_DIR/backend.sqlite.
import { existsSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { pathToFileURL } from "node:url";
import { request } from "undici";
import { z } from "zod";
import { EmailSchema, PasswordSchema, RoleSchema, StaffLanguageSchema, StaffUserSchema, type StaffUser } from "../app/lib/platform/api/admin-contract";

const USAGE = `Usage:
  npm run admin -- create-user --email <e-mail> --name <name> --role <owner|coordinator|editor|viewer> [--language <en|tr>]
  npm run admin -- reset-password --email <e-mail>
The password is read from ADMIN_PASSWORD, or else from stdin (one line).`;

/** A failure the operator can act on: printed as one line, exit code 1. */
class CliError extends Error {}

type Command =
  | { name: "create-user"; email: string; userName: string; role: z.infer<typeof RoleSchema>; language: z.infer<typeof StaffLanguageSchema> }
  | { name: "reset-password"; email: string };

function parseCommand(argv: string[]): Command {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: { email: { type: "string" }, name: { type: "string" }, role: { type: "string" }, language: { type: "string" }, help: { type: "boolean" } },
    });
  } catch (error) {
    throw new CliError(`${(error as Error).message.split("\n")[0]} (see npm run admin -- --help)`);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const [name, ...rest] = positionals;
  if (rest.length > 0) throw new CliError(`Unexpected argument "${rest[0]}": the password is never an argument (see npm run admin -- --help)`);
  const field = <T>(schema: z.ZodType<T>, value: unknown, option: string): T => {
    if (value === undefined) throw new CliError(`--${option} is required (see npm run admin -- --help)`);
    const result = schema.safeParse(value);
    if (!result.success) throw new CliError(`Invalid --${option}: ${result.error.issues[0].message}`);
    return result.data;
  };
  if (name === "create-user") {
    return {
      name,
      email: field(EmailSchema, values.email, "email"),
      userName: field(z.string().trim().min(1).max(120), values.name, "name"),
      role: field(RoleSchema, values.role, "role"),
      language: field(StaffLanguageSchema, values.language ?? "en", "language"),
    };
  }
  if (name === "reset-password") {
    if (values.name !== undefined || values.role !== undefined || values.language !== undefined) {
      throw new CliError("reset-password takes only --email (see npm run admin -- --help)");
    }
    return { name, email: field(EmailSchema, values.email, "email") };
  }
  throw new CliError(name ? `Unknown command "${name}" (see npm run admin -- --help)` : USAGE);
}

/** A line typed on the terminal without echoing it. */
function readHidden(prompt: string): Promise<string> {
  const stdin = process.stdin;
  return new Promise((resolve, reject) => {
    let value = "";
    const finish = () => {
      stdin.off("data", onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stderr.write("\n");
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === "\r" || ch === "\n") {
          finish();
          return resolve(value);
        }
        if (ch === "\u0003" || ch === "\u0004") {
          finish();
          return reject(new CliError("Cancelled"));
        }
        if (ch === "\u007f" || ch === "\b") value = [...value].slice(0, -1).join("");
        else if (ch >= " ") value += ch;
      }
    };
    process.stderr.write(prompt);
    stdin.setEncoding("utf8");
    stdin.setRawMode(true);
    stdin.resume();
    stdin.on("data", onData);
  });
}

/** The first line of a piped stdin. */
async function readLine(): Promise<string> {
  let text = "";
  for await (const chunk of process.stdin) {
    text += chunk;
    if (text.includes("\n")) break;
  }
  return text.split(/\r?\n/)[0];
}

async function readPassword(confirm: boolean): Promise<string> {
  let password: string;
  if (process.env.ADMIN_PASSWORD !== undefined) password = process.env.ADMIN_PASSWORD;
  else if (process.stdin.isTTY) {
    password = await readHidden("Password (at least 12 characters): ");
    if (confirm && (await readHidden("Again: ")) !== password) throw new CliError("The two passwords differ");
  } else password = await readLine();
  const checked = PasswordSchema.safeParse(password);
  if (!checked.success) throw new CliError("The password must have 12 to 200 characters");
  return checked.data;
}

const withSlash = (url: string) => (url.endsWith("/") ? url : `${url}/`);

/** The operations endpoints of an external identity API, with the site's client credentials. */
async function remote(command: Command, password: string): Promise<StaffUser | null> {
  const env = z
    .object({ API_URL: z.string().url(), IDENTITY_URL: z.string().url().optional(), CLIENT_ID: z.string().min(1), CLIENT_SECRET: z.string().min(1) })
    .safeParse({ ...process.env, IDENTITY_URL: process.env.IDENTITY_URL || undefined });
  if (!env.success) throw new CliError(`With API_URL set, ${env.error.issues[0].path.join(".")} is required (${env.error.issues[0].message})`);
  const identity = withSlash(env.data.IDENTITY_URL ?? env.data.API_URL);
  const send = async (url: URL, init: { body: string; headers: Record<string, string> }) => {
    try {
      const res = await request(url, { method: "POST", ...init, headersTimeout: 15_000, bodyTimeout: 15_000 });
      const text = await res.body.text();
      let body: unknown = null;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        // Not JSON: the status says enough.
      }
      return { status: res.statusCode, body };
    } catch (error) {
      throw new CliError(`Cannot reach ${url.origin}: ${(error as { code?: string }).code ?? (error as Error).message}`);
    }
  };

  const token = await send(new URL("connect/token", identity), {
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: "client_credentials", client_id: env.data.CLIENT_ID, client_secret: env.data.CLIENT_SECRET }).toString(),
  });
  const accessToken = (token.body as { access_token?: unknown } | null)?.access_token;
  if (token.status === 401) throw new CliError("The identity API refused CLIENT_ID/CLIENT_SECRET");
  if (token.status !== 200 || typeof accessToken !== "string") throw new CliError(`The identity API's token endpoint answered ${token.status}`);

  const [pathName, payload] =
    command.name === "create-user"
      ? ["api/auth/ops/users", { email: command.email, name: command.userName, role: command.role, language: command.language, password }]
      : ["api/auth/ops/reset-password", { email: command.email, password }];
  const answer = await send(new URL(pathName, identity), {
    headers: { authorization: `Bearer ${accessToken}`, "content-type": "application/json" },
    body: JSON.stringify(payload),
  });
  const error = (answer.body as { errors?: { message?: string; field?: string }[] } | null)?.errors?.[0];
  if (answer.status === 409 && error?.message === "email_taken") throw new CliError(`A user with the e-mail ${command.email} already exists`);
  if (answer.status === 404) throw new CliError(`No user has the e-mail ${command.email}`);
  if (answer.status === 400) throw new CliError(`Refused: ${error?.field ? `${error.field}: ` : ""}${error?.message ?? "invalid"}`);
  if (answer.status >= 300) throw new CliError(`The identity API answered ${answer.status}${error?.message ? ` (${error.message})` : ""}`);
  if (command.name === "reset-password") return null;
  const user = StaffUserSchema.safeParse((answer.body as { result?: unknown } | null)?.result);
  if (!user.success) throw new CliError("The identity API's answer is not a staff user");
  return user.data;
}

/** The embedded backend's database, through its own bundle (as server.ts loads it). */
async function local(command: Command, password: string): Promise<StaffUser> {
  const bundle = path.resolve("backend/build/index.js");
  if (!existsSync(bundle)) throw new CliError(`The embedded backend is not installed here (${bundle}): run "npm run build", or set API_URL`);
  const dataDir = process.env.DATA_DIR || "data";
  const file = path.join(dataDir, "backend.sqlite");
  if (command.name === "reset-password" && !existsSync(file)) throw new CliError(`No embedded backend data at ${file} (set DATA_DIR)`);
  const backend = (await import(pathToFileURL(bundle).href)) as typeof import("../backend/index");
  const db = backend.openDb(dataDir);
  try {
    return command.name === "create-user"
      ? await backend.createUser(db, { email: command.email, name: command.userName, role: command.role, language: command.language, password })
      : await backend.resetPassword(db, command.email, password);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === "email_taken") throw new CliError(`A user with the e-mail ${command.email} already exists`);
    if (code === "not_found") throw new CliError(`No user has the e-mail ${command.email}`);
    throw error;
  } finally {
    db.close();
  }
}

async function main() {
  const command = parseCommand(process.argv.slice(2));
  const password = await readPassword(command.name === "create-user");
  const user = process.env.API_URL ? await remote(command, password) : await local(command, password);
  const where = process.env.API_URL ? "identity API" : "embedded backend";
  if (command.name === "create-user") console.log(`Created ${user!.role} ${user!.email} (id ${user!.id}) on the ${where}`);
  else console.log(`New password set for ${command.email} on the ${where}; their sessions have ended`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof CliError ? error.message : `admin: ${(error as Error).message ?? String(error)}`);
    process.exit(1);
  },
);
