import { Zip, ZipDeflate, ZipPassThrough, type ZipInputFile } from "fflate";

/** One file of a ZIP archive being streamed. */
export type ZipEntry =
  /** Text (JSON, README), deflated; given whole or in pieces as they are made. */
  | { path: string; text: string | AsyncIterable<string> }
  /**
   * Bytes that are compressed already (WebP photos): stored as they are, since deflating them again
   * costs time and saves nothing.
   */
  | { path: string; stored: Uint8Array };

const encoder = new TextEncoder();

/**
 * A ZIP archive of `entries`, made as it is read: each entry is taken from `entries` only when the
 * reader asked for more, so a slow writer (storage) holds back the reading of rows and photos, and
 * the archive is never whole in memory. Entries are written one after another with fflate.
 */
export async function* zipStream(entries: AsyncIterable<ZipEntry>): AsyncGenerator<Uint8Array> {
  const ready: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else ready.push(chunk);
  });
  const take = function* () {
    if (failure) throw failure;
    while (ready.length > 0) yield ready.shift()!;
  };
  const mtime = new Date();
  for await (const entry of entries) {
    if ("stored" in entry) {
      const file = new ZipPassThrough(entry.path);
      start(zip, file, mtime);
      file.push(entry.stored, true);
      yield* take();
      continue;
    }
    const file = new ZipDeflate(entry.path, { level: 6 });
    start(zip, file, mtime);
    if (typeof entry.text === "string") {
      file.push(encoder.encode(entry.text), true);
    } else {
      for await (const piece of entry.text) {
        file.push(encoder.encode(piece));
        yield* take();
      }
      file.push(new Uint8Array(0), true);
    }
    yield* take();
  }
  zip.end();
  yield* take();
}

function start(zip: Zip, file: ZipInputFile, mtime: Date) {
  file.mtime = mtime;
  zip.add(file);
}
