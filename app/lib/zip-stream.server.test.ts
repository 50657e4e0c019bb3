import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { zipStream, type ZipEntry } from "./zip-stream.server";

async function* entries(list: ZipEntry[]) {
  yield* list;
}

async function* pieces(...texts: string[]) {
  yield* texts;
}

async function bytesOf(chunks: AsyncIterable<Uint8Array>) {
  const parts: Uint8Array[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return new Uint8Array(Buffer.concat(parts));
}

describe("zipStream", () => {
  it("makes a ZIP that unzips to the same files, stored bytes left uncompressed", async () => {
    const image = new Uint8Array(20_000).map((_, i) => (i * 7919) % 251);
    const zip = await bytesOf(
      zipStream(
        entries([
          { path: "README.txt", text: "Hallo ✓" },
          { path: "conversations/001-anna.json", text: pieces('{"a":', "1", "}\n") },
          { path: "photos/1.webp", stored: image },
        ]),
      ),
    );
    const files = unzipSync(zip);
    expect(Object.keys(files)).toEqual(["README.txt", "conversations/001-anna.json", "photos/1.webp"]);
    expect(strFromU8(files["README.txt"]!)).toBe("Hallo ✓");
    expect(strFromU8(files["conversations/001-anna.json"]!)).toBe('{"a":1}\n');
    expect(files["photos/1.webp"]).toEqual(image);
    // Stored, not deflated: the image's bytes appear as they are in the archive.
    expect(Buffer.from(zip).includes(Buffer.from(image.subarray(0, 64)))).toBe(true);
  });

  it("takes an entry only when the reader asks for more", async () => {
    let taken = 0;
    async function* counted(): AsyncGenerator<ZipEntry> {
      for (let i = 0; i < 3; i++) {
        taken++;
        yield { path: `f${i}.txt`, text: "x".repeat(1000) };
      }
    }
    const reader = zipStream(counted());
    await reader.next();
    expect(taken).toBe(1);
  });
});
