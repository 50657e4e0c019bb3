import { data } from "react-router";
import { i18nFor, localeForRequest } from "~/middleware/i18n.server";

/**
 * Reading request bodies: a body that cannot be read (broken multipart or JSON, invalid UTF-8, a
 * content type the route does not take) answers 400 or 415, one that is too big 413, each with a
 * translated message, instead of an exception that would become a 500.
 */

/** Text forms and JSON calls; routes taking files pass their own limit. */
const MAX_FORM_BYTES = 1024 * 1024;
/** No text field of any form comes near this. */
const MAX_FIELD_CHARS = 100_000;

type BodyError = "bad_request" | "too_large" | "unsupported_media_type";
const STATUS: Record<BodyError, number> = { bad_request: 400, too_large: 413, unsupported_media_type: 415 };
const MESSAGE_KEY: Record<BodyError, string> = {
  bad_request: "common:error.badRequest",
  too_large: "common:error.tooLarge",
  unsupported_media_type: "common:error.badRequest",
};

/** The thrown answer: JSON calls get it as their body, pages show the message on the error page. */
export function bodyError(request: Request, error: BodyError): never {
  const message = i18nFor(localeForRequest(request).locale).t(MESSAGE_KEY[error]);
  throw data({ error, message }, { status: STATUS[error], headers: { "Cache-Control": "no-store" } });
}

/** Whether `error` is the readers' answer to a body over its limit (for a route that words its own). */
export function isBodyTooLarge(error: unknown): boolean {
  const thrown = error as { type?: string; init?: { status?: number } | null } | null;
  return thrown?.type === "DataWithResponseInit" && thrown.init?.status === STATUS.too_large;
}

function mediaType(request: Request) {
  return (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
}

/** The raw body, refused once it passes `maxBytes` (whether or not Content-Length said so). */
async function readBytes(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  if (Number(request.headers.get("Content-Length") ?? 0) > maxBytes) bodyError(request, "too_large");
  if (!request.body) return new Uint8Array(new ArrayBuffer(0));
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        // Not awaited: a cancelled branch of a cloned (teed) body settles only with its twin.
        reader.cancel().catch(() => {});
        bodyError(request, "too_large");
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof Response || (error as { type?: string })?.type === "DataWithResponseInit")
      throw error;
    bodyError(request, "bad_request");
  }
  const bytes = new Uint8Array(new ArrayBuffer(total));
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

function utf8(request: Request, bytes: Uint8Array) {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return bodyError(request, "bad_request");
  }
}

/**
 * A submitted text value as the browser's form held it: browsers send every line break of a
 * textarea as CRLF, but count it as one character for `maxLength` (and in the client's validation),
 * so without this a note at its limit would be over it on the server.
 */
function normalizeNewlines(value: string): string {
  return value.replace(/\r\n?/g, "\n");
}

function checkFields(request: Request, form: FormData) {
  const checked = new FormData();
  for (const [key, value] of form) {
    if (typeof value !== "string") {
      checked.append(key, value);
      continue;
    }
    const text = normalizeNewlines(value);
    if (text.length > MAX_FIELD_CHARS) bodyError(request, "too_large");
    // The multipart parser replaces bytes that are not UTF-8 by U+FFFD: such a field was not text.
    if (text.includes("\uFFFD")) bodyError(request, "bad_request");
    checked.append(key, text);
  }
  return checked;
}

/**
 * A form body (urlencoded or multipart); an empty body without a content type is an empty form.
 * Line breaks in text fields arrive as `\n` (see normalizeNewlines).
 */
export async function readForm(request: Request, { maxBytes = MAX_FORM_BYTES } = {}): Promise<FormData> {
  const type = mediaType(request);
  const bytes = await readBytes(request, maxBytes);
  if (type === "application/x-www-form-urlencoded" || (type === "" && bytes.byteLength === 0)) {
    const form = new FormData();
    for (const [key, value] of new URLSearchParams(utf8(request, bytes))) form.append(key, value);
    return checkFields(request, form);
  }
  if (type !== "multipart/form-data") return bodyError(request, "unsupported_media_type");
  const parsed = await new Response(bytes, {
    headers: { "Content-Type": request.headers.get("Content-Type")! },
  })
    .formData()
    .catch(() => null);
  if (!parsed) return bodyError(request, "bad_request");
  return checkFields(request, parsed);
}

/**
 * A form of single text fields, as a plain object (for schemas that take one value per field): a
 * repeated field or a file is refused rather than silently dropped.
 */
export async function readFields(request: Request): Promise<Record<string, string>> {
  return fieldsOf(request, await readForm(request));
}

/** readFields of a form already read (a page whose forms are read in two ways, by their intent). */
export function fieldsOf(request: Request, form: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of form) {
    if (typeof value !== "string" || Object.hasOwn(fields, key)) bodyError(request, "bad_request");
    fields[key] = value;
  }
  return fields;
}

/** A JSON body; an empty one is null. */
export async function readJson(request: Request): Promise<unknown> {
  const type = mediaType(request);
  const bytes = await readBytes(request, MAX_FORM_BYTES);
  if (bytes.byteLength === 0) return null;
  if (type !== "application/json" && !type.endsWith("+json")) bodyError(request, "unsupported_media_type");
  try {
    return JSON.parse(utf8(request, bytes)) as unknown;
  } catch {
    return bodyError(request, "bad_request");
  }
}

/** A JSON object or a form (the enhanced client sends JSON, plain HTML forms send a form) as fields. */
export async function readJsonOrForm(request: Request): Promise<Record<string, unknown>> {
  if (mediaType(request) === "application/json") {
    const json = await readJson(request);
    if (json !== null && (typeof json !== "object" || Array.isArray(json))) bodyError(request, "bad_request");
    return (json ?? {}) as Record<string, unknown>;
  }
  return readFields(request);
}
