// `npx tsx scripts/app-icons.ts`: draws the installed app's PNG icons from the logo (public/favicon.svg)
// into public/icons/. Run again after changing the logo; the PNGs are committed.
import { readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";

const publicDir = path.resolve(import.meta.dirname, "../public");
const logo = readFileSync(path.join(publicDir, "favicon.svg"), "utf8");

// The logo's own colour and heart, so that a new logo only needs these two read from it.
const fill = /fill="(#[0-9a-f]{3,6})"/i.exec(logo)?.[1] ?? "#c8007a";
const heart = /<path d="([^"]+)"/.exec(logo)?.[1];
if (!heart) throw new Error("public/favicon.svg has no <path> to draw the icons from");

/**
 * A full square (no transparent corners): maskable icons are cut to any shape and iOS rounds the
 * apple-touch-icon itself. The heart stays inside the central 80 % that a mask never cuts.
 */
const fullBleed = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${fill}"/><g transform="translate(32 33.5) scale(0.7) translate(-32 -35.5)"><path d="${heart}" fill="#fff"/></g></svg>`;

const icons = [
  { file: "icon-192.png", size: 192, svg: logo },
  { file: "icon-512.png", size: 512, svg: logo },
  { file: "icon-maskable-512.png", size: 512, svg: fullBleed },
  { file: "apple-touch-icon.png", size: 180, svg: fullBleed },
];

for (const { file, size, svg } of icons) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(publicDir, "icons", file));
  console.log(`public/icons/${file} (${size}×${size})`);
}
