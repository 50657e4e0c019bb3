import { describe, expect, it } from "vitest";
import { isBodyTooLarge, readFields, readForm } from "./request-body.server";

const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  new Request("http://hartklop.nl/form", { method: "POST", body, headers });

describe("line breaks in submitted text", () => {
  it("arrive as \\n, as the browser counted them (it sends a textarea's as CRLF)", async () => {
    const fields = await readFields(post(new URLSearchParams({ note: "eerste\r\ntweede\r\n\r\nderde" })));
    expect(fields.note).toBe("eerste\ntweede\n\nderde");
  });

  it("in multipart forms too, files untouched", async () => {
    const form = new FormData();
    form.set("note", "a\r\nb\rc\nd");
    form.set("photo", new File(["x\r\ny"], "foto.jpg", { type: "image/jpeg" }));
    const read = await readForm(post(form));
    expect(read.get("note")).toBe("a\nb\nc\nd");
    const file = read.get("photo") as File;
    expect(file.name).toBe("foto.jpg");
    expect(await file.text()).toBe("x\r\ny");
  });

  it("a note at the browser's maxLength stays within it", async () => {
    const lines = Array.from({ length: 10 }, () => "x".repeat(99));
    const browserValue = lines.join("\n") + "y"; // 1000 characters, as maxLength counts
    const sent = browserValue.replace(/\n/g, "\r\n");
    expect(sent.length).toBe(1009);
    const fields = await readFields(post(new URLSearchParams({ note: sent })));
    expect(fields.note).toBe(browserValue);
    expect(fields.note!.length).toBe(1000);
  });

  it("a lone CR too, and other text is left alone", async () => {
    const fields = await readFields(
      post(new URLSearchParams({ plain: "geen regeleinde", breaks: "\r\n\r\r\n" })),
    );
    expect(fields).toEqual({ plain: "geen regeleinde", breaks: "\n\n\n" });
  });
});

describe("isBodyTooLarge", () => {
  const refusal = (request: Request, maxBytes: number) =>
    readForm(request, { maxBytes }).then(
      () => null,
      (e: unknown) => e,
    );

  it("tells a body over the limit (announced or streamed) from other refusals", async () => {
    const form = new URLSearchParams({ note: "x".repeat(100) });
    expect(isBodyTooLarge(await refusal(post(form), 50))).toBe(true);
    expect(isBodyTooLarge(await refusal(post(form, { "Content-Length": "5000" }), 50))).toBe(true);
    expect(isBodyTooLarge(await refusal(post("x", { "Content-Type": "text/plain" }), 50))).toBe(false);
    expect(isBodyTooLarge(new Error("too large"))).toBe(false);
    expect(isBodyTooLarge(null)).toBe(false);
  });
});
