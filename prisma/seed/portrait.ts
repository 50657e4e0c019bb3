import sharp from "sharp";
import { createRandom } from "./random";

const HAIR_HEX: Record<string, string> = {
  brunette: "#4a2c1a",
  blond: "#e2c16f",
  brown: "#6b4226",
  white: "#e8e4dc",
  bald: "",
  black: "#1b1512",
  dark_blond: "#a8844a",
  dark_brown: "#3b2416",
  gray: "#9a9a9a",
  red: "#a4441e",
  other: "#7a3b6e",
};
const EYE_HEX: Record<string, string> = {
  blue: "#3b6fb6",
  green: "#3f8a4a",
  hazel: "#8a6a2f",
  brown: "#5a3a1e",
  gray: "#7d8a91",
  other: "#4b4b4b",
};
const SKIN = ["#f6d7c3", "#eac0a0", "#d9a27c", "#c18560", "#9a6443", "#6f452c"];

export interface PortraitTraits {
  seed: number;
  gender: "male" | "female";
  hairColor: string | null;
  eyeColor: string | null;
}

export const LARGE_SIZE = { width: 360, height: 450 };
export const THUMB_SIZE = { width: 120, height: 150 };

/** A distinct, portrait-like illustration (face, hair, clothes, background) drawn from a member's traits. */
export function portraitSvg({ seed, gender, hairColor, eyeColor }: PortraitTraits): string {
  const r = createRandom(seed);
  const hue = r.int(0, 359);
  const skin = r.pick(SKIN);
  const hair = HAIR_HEX[hairColor ?? "brown"] ?? HAIR_HEX.brown!;
  const eyes = EYE_HEX[eyeColor ?? "brown"] ?? EYE_HEX.brown!;
  const shirt = `hsl(${(hue + 150 + r.int(0, 60)) % 360},${r.int(35, 70)}%,${r.int(25, 55)}%)`;
  const faceW = r.int(82, 100);
  const faceH = r.int(108, 126);
  const tilt = r.int(-6, 6);
  const longHair = gender === "female" ? r.chance(0.85) : r.chance(0.1);
  const smile = r.int(8, 22);
  const hairBack =
    longHair && hair
      ? `<path d="M${240 - faceW - 25} 260 Q${240 - faceW - 40} 430 ${240 - faceW + 10} 470 L${240 + faceW - 10} 470 Q${240 + faceW + 40} 430 ${240 + faceW + 25} 260 Z" fill="${hair}"/>`
      : "";
  const hairTop = hair
    ? `<path d="M${240 - faceW - 8} 250 Q${240 - faceW} ${250 - faceH - 20} 240 ${250 - faceH - 15} Q${240 + faceW} ${250 - faceH - 20} ${240 + faceW + 8} 250 Q${240 + faceW - 15} ${250 - faceH + r.int(15, 40)} 240 ${250 - faceH + r.int(20, 35)} Q${240 - faceW + 15} ${250 - faceH + r.int(15, 40)} ${240 - faceW - 8} 250 Z" fill="${hair}"/>`
    : "";
  const beard =
    gender === "male" && hair && r.chance(0.3)
      ? `<path d="M${240 - faceW + 10} 280 Q240 ${250 + faceH + 25} ${240 + faceW - 10} 280 Q240 ${250 + faceH - 10} ${240 - faceW + 10} 280 Z" fill="${hair}" opacity="0.85"/>`
      : "";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${LARGE_SIZE.width}" height="${LARGE_SIZE.height}" viewBox="0 0 480 600">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},55%,72%)"/><stop offset="1" stop-color="hsl(${(hue + 50) % 360},45%,42%)"/></linearGradient></defs>
<rect width="480" height="600" fill="url(#bg)"/>
<circle cx="${r.int(40, 440)}" cy="${r.int(40, 200)}" r="${r.int(30, 90)}" fill="#fff" opacity="0.12"/>
${hairBack}
<path d="M60 600 Q70 ${430 + r.int(0, 30)} 240 ${420 + r.int(0, 20)} Q410 ${430 + r.int(0, 30)} 420 600 Z" fill="${shirt}"/>
<rect x="${240 - 32}" y="330" width="64" height="110" rx="20" fill="${skin}"/>
<g transform="rotate(${tilt} 240 250)">
<ellipse cx="240" cy="250" rx="${faceW}" ry="${faceH}" fill="${skin}"/>
${beard}
<ellipse cx="${240 - faceW * 0.38}" cy="240" rx="13" ry="8" fill="#fff"/><circle cx="${240 - faceW * 0.38}" cy="240" r="6" fill="${eyes}"/>
<ellipse cx="${240 + faceW * 0.38}" cy="240" rx="13" ry="8" fill="#fff"/><circle cx="${240 + faceW * 0.38}" cy="240" r="6" fill="${eyes}"/>
<path d="M${240 - faceW * 0.5} 220 q20 -10 38 0 M${240 + faceW * 0.5 - 38} 220 q20 -10 38 0" stroke="${hair || "#5a4030"}" stroke-width="5" fill="none" stroke-linecap="round"/>
<path d="M240 255 q-8 25 0 30" stroke="#00000040" stroke-width="4" fill="none"/>
<path d="M${240 - 28} 305 Q240 ${305 + smile} ${240 + 28} 305" stroke="${gender === "female" ? "#b0304a" : "#8a3b3b"}" stroke-width="${gender === "female" ? 8 : 5}" fill="none" stroke-linecap="round"/>
${hairTop}
</g>
</svg>`;
}

/** Renders the large WebP and its thumbnail. */
export async function renderPortrait(traits: PortraitTraits): Promise<{ large: Buffer; thumb: Buffer }> {
  const { data, info } = await sharp(Buffer.from(portraitSvg(traits)))
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
  const [large, thumb] = await Promise.all([
    sharp(data, raw).webp({ quality: 72, effort: 0 }).toBuffer(),
    sharp(data, raw).resize(THUMB_SIZE.width, THUMB_SIZE.height).webp({ quality: 70, effort: 0 }).toBuffer(),
  ]);
  return { large, thumb };
}
