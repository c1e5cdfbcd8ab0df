import { describe, expect, test } from "vitest";
import { requireTextPost, requireUploadPost } from "~/lib/admin/upload-post.server";

const editor = { permissions: new Set(["read:content", "write:content", "publish:content"]) };
const contextOf = (over: { crossSite?: boolean } = {}) => ({ staff: editor, refusal: null, crossSite: false, ...over }) as never;

/** What a guard threw: Remix's `data()` (status, reason) or a Response. */
async function refusal(promise: Promise<unknown>) {
  const thrown: unknown = await promise.then(
    () => null,
    (error: unknown) => error,
  );
  if (thrown instanceof Response) return { status: thrown.status };
  const { init, data } = thrown as { init: { status: number }; data: { reason: string } };
  return { status: init.status, reason: data.reason };
}

describe("a back-office post with a file", () => {
  test("from another site, it is refused before a byte of its body is read", async () => {
    let pulled = false;
    // Nothing queued ahead (highWaterMark 0): `pull` runs only when the body is read.
    const body = new ReadableStream(
      {
        pull(controller) {
          pulled = true;
          controller.enqueue(new TextEncoder().encode("--x\r\n"));
        },
      },
      { highWaterMark: 0 },
    );
    const request = new Request("http://site/admin/content/blog/new", {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=x", origin: "https://evil.example" },
      body,
      duplex: "half",
    } as RequestInit);
    expect(await refusal(requireUploadPost(request, contextOf({ crossSite: true }), "content-new", "tooLarge"))).toEqual({ status: 403, reason: "crossSite" });
    expect(pulled).toBe(false);
  });

  test("a text-only post (the live preview) refuses a file part, whatever its size", async () => {
    const form = new FormData();
    form.set("html", "<p>Hello</p>");
    form.set("extra", new File([new Uint8Array(16)], "tiny.png", { type: "image/png" }));
    const request = new Request("http://site/admin/content/sanitize", { method: "POST", body: form });
    expect(await refusal(requireTextPost(request, contextOf(), "content-sanitize", 1024))).toEqual({ status: 400 });
  });
});
