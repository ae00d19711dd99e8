import { randomInt } from 'node:crypto';
import { deflateSync } from 'node:zlib';

/** Upper case + digits without the look-alikes 0/O, 1/I/l. */
export const CAPTCHA_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * 5x7 bitmap font. Each glyph is 7 rows, one base-32 digit per row;
 * bit 4 of a row is the leftmost column.
 */
const FONT: Record<string, string> = {
  A: 'ehhvhhh',
  B: 'uhhuhhu',
  C: 'ehggghe',
  D: 'sihhhis',
  E: 'vgguggv',
  F: 'vgguggg',
  G: 'ehgnhhf',
  H: 'hhhvhhh',
  J: '72222ic',
  K: 'hikokih',
  L: 'ggggggv',
  M: 'hrllhhh',
  N: 'hhpljhh',
  P: 'uhhuggg',
  Q: 'ehhhlid',
  R: 'uhhukih',
  S: 'fgge11u',
  T: 'v444444',
  U: 'hhhhhhe',
  V: 'hhhaa44',
  W: 'hhhllla',
  X: 'hha4ahh',
  Y: 'hhha444',
  Z: 'v1248gv',
  2: 'eh1248v',
  3: 'v2421he',
  4: '26aiv22',
  5: 'vgu11he',
  6: '68guhhe',
  7: 'v124888',
  8: 'ehhehhe',
  9: 'ehhf12c',
};
const GLYPH_W = 5;
const GLYPH_H = 7;

export function randomCaptchaText(length = 5): string {
  let out = '';
  for (let i = 0; i < length; i++) out += CAPTCHA_ALPHABET.charAt(randomInt(CAPTCHA_ALPHABET.length));
  return out;
}

type Rgb = readonly [number, number, number];

/** Pixel jitter only; the secret is the text, which comes from node:crypto. */
function rand(min: number, max: number): number {
  return min + Math.random() * (max - min);
}

function glyphBit(ch: string, col: number, row: number): boolean {
  const rows = FONT[ch];
  if (!rows || col < 0 || col >= GLYPH_W || row < 0 || row >= GLYPH_H) return false;
  return ((parseInt(rows.charAt(row), 32) >> (GLYPH_W - 1 - col)) & 1) === 1;
}

class Canvas {
  readonly px: Uint8Array;
  constructor(
    readonly width: number,
    readonly height: number,
    bg: Rgb,
  ) {
    this.px = new Uint8Array(width * height * 3);
    for (let i = 0; i < width * height; i++) this.px.set(bg, i * 3);
  }

  /** Alpha-blend `c` onto pixel (x, y) with coverage `a` in [0, 1]. */
  blend(x: number, y: number, c: Rgb, a: number): void {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height || a <= 0) return;
    const i = (y * this.width + x) * 3;
    for (let k = 0; k < 3; k++) this.px[i + k] = Math.round((this.px[i + k] ?? 0) * (1 - a) + (c[k] ?? 0) * a);
  }

  line(x0: number, y0: number, x1: number, y1: number, c: Rgb, alpha: number): void {
    const steps = Math.ceil(Math.hypot(x1 - x0, y1 - y0));
    for (let s = 0; s <= steps; s++) {
      const t = s / steps;
      this.blend(Math.round(x0 + (x1 - x0) * t), Math.round(y0 + (y1 - y0) * t), c, alpha);
    }
  }
}

function darkColour(): Rgb {
  return [randomInt(10, 150), randomInt(10, 150), randomInt(10, 150)];
}

/**
 * Draws one glyph centred on (cx, cy), rotated by `angle` and sheared by `shear`,
 * by inverse-mapping each output pixel into glyph space. 3x3 supersampling
 * gives anti-aliased edges so rotated strokes stay legible.
 */
function drawGlyph(
  cv: Canvas,
  ch: string,
  cx: number,
  cy: number,
  scale: number,
  angle: number,
  shear: number,
  c: Rgb,
): void {
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const reach = Math.ceil(Math.hypot(GLYPH_W, GLYPH_H) * scale * 0.6) + 2;
  const SS = 3;
  for (let y = Math.floor(cy - reach); y <= cy + reach; y++) {
    for (let x = Math.floor(cx - reach); x <= cx + reach; x++) {
      let hits = 0;
      for (let sy = 0; sy < SS; sy++) {
        for (let sx = 0; sx < SS; sx++) {
          const dx = x + (sx + 0.5) / SS - cx;
          const dy = y + (sy + 0.5) / SS - cy;
          const v = -dx * sin + dy * cos;
          const u = dx * cos + dy * sin - v * shear;
          if (glyphBit(ch, Math.floor(u / scale + GLYPH_W / 2), Math.floor(v / scale + GLYPH_H / 2))) hits++;
        }
      }
      cv.blend(x, y, c, hits / (SS * SS));
    }
  }
}

export function renderCaptchaPng(text: string, width = 130, height = 48): Buffer {
  const bg: Rgb = [randomInt(236, 256), randomInt(236, 256), randomInt(236, 256)];
  const cv = new Canvas(width, height, bg);
  const chars = text.toUpperCase().split('');
  const cell = width / Math.max(chars.length, 1);
  // Fit the 5x7 glyph into ~75% of the cell width and ~65% of the height, leaving room for jitter.
  const scale = Math.max(1, Math.min((cell * 0.75) / GLYPH_W, (height * 0.65) / GLYPH_H));
  const maxOffset = Math.max(0, (height - GLYPH_H * scale) / 2 - 2);

  // Faint lines behind the text, stronger ones on top: both break up connected-component OCR.
  for (let i = 0; i < 3; i++) {
    cv.line(rand(0, width), rand(0, height), rand(0, width), rand(0, height), darkColour(), 0.35);
  }
  chars.forEach((ch, i) => {
    const cx = cell * (i + 0.5) + rand(-cell * 0.08, cell * 0.08);
    const cy = height / 2 + rand(-maxOffset, maxOffset);
    drawGlyph(cv, ch, cx, cy, scale, rand(-0.25, 0.25), rand(-0.25, 0.25), darkColour());
  });
  for (let i = 0; i < 3; i++) {
    cv.line(rand(0, width * 0.3), rand(0, height), rand(width * 0.7, width), rand(0, height), darkColour(), 0.7);
  }
  const dots = Math.round((width * height) / 45);
  for (let i = 0; i < dots; i++) {
    cv.blend(randomInt(width), randomInt(height), darkColour(), rand(0.3, 0.8));
  }
  return encodePng(cv.px, width, height);
}

// ---- PNG encoding ----------------------------------------------------------

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(buf: Uint8Array): number {
  let c = 0xffffffff;
  for (let i = 0; i < buf.length; i++) c = (CRC_TABLE[(c ^ (buf[i] ?? 0)) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Encodes tightly packed 8-bit RGB pixels as a PNG (colour type 2, filter 0 on every row). */
function encodePng(rgb: Uint8Array, width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type: truecolour RGB
  // bytes 10-12: compression 0, filter method 0, no interlace

  const stride = width * 3;
  const raw = Buffer.alloc(height * (1 + stride));
  for (let y = 0; y < height; y++) {
    raw[y * (1 + stride)] = 0;
    raw.set(rgb.subarray(y * stride, (y + 1) * stride), y * (1 + stride) + 1);
  }
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
