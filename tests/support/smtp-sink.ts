import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface CaughtMail {
  to: string[];
  /** The headers as sent (unfolded), names in lower case. */
  headers: Map<string, string>;
  /** The text body (a multipart mail's text/plain part), its transfer encoding undone. */
  text: string;
  /** A multipart mail's text/html part, its transfer encoding undone; null for a mail without one. */
  html: string | null;
}

/** Quoted-printable (RFC 2045) or base64 back to UTF-8 text: how nodemailer writes a text part. */
function decode(body: string, encoding: string): string {
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding !== "quoted-printable") return body;
  const bytes: number[] = [];
  const soft = body.replace(/=\r?\n/g, "");
  for (let i = 0; i < soft.length; i++) {
    if (soft[i] === "=" && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(soft[i], "utf8"));
  }
  return Buffer.from(bytes).toString("utf8");
}

/** A message or a MIME part: its headers (unfolded, names in lower case) and its raw body. */
function split(raw: string) {
  const at = raw.indexOf("\r\n\r\n");
  const head = raw.slice(0, at).replace(/\r\n[ \t]+/g, " ");
  const headers = new Map(
    head.split("\r\n").map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()] as [string, string]),
  );
  return { headers, body: raw.slice(at + 4) };
}

/** The decoded leaf parts of a message by their content type (text/plain, text/html), multipart ones opened (as nodemailer writes them). */
function leaves(raw: string, found = new Map<string, string>()) {
  const { headers, body } = split(raw);
  const type = headers.get("content-type") ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    for (const part of body.split(`--${boundary}`).slice(1)) {
      if (part.startsWith("--")) break;
      leaves(part.replace(/^\r\n/, ""), found);
    }
  } else {
    const kind = type.split(";")[0].trim().toLowerCase();
    if (!found.has(kind)) found.set(kind, decode(body.replace(/\r\n$/, ""), headers.get("content-transfer-encoding") ?? "7bit"));
  }
  return found;
}

function parse(raw: string, to: string[]): CaughtMail {
  const { headers } = split(raw);
  const parts = leaves(raw);
  return { to, headers, text: parts.get("text/plain") ?? "", html: parts.get("text/html") ?? null };
}

/** An SMTP server on 127.0.0.1 that takes every mail and keeps it for the test to read: no TLS, no sign-in. */
export async function startSmtpSink() {
  const mail: CaughtMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        mail.push(
          parse(
            Buffer.concat(chunks).toString("utf8"),
            session.envelope.rcptTo.map((r) => r.address),
          ),
        );
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, mail, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
