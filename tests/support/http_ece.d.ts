// http_ece has no types of its own: the one call the tests make (RFC 8188/8291 decryption).
declare module "http_ece" {
  import type { ECDH } from "node:crypto";
  export function decrypt(buffer: Buffer, params: { version: "aes128gcm"; privateKey: ECDH; authSecret: string | Buffer }): Buffer;
  const ece: { decrypt: typeof decrypt };
  export default ece;
}
