import { describe, it, expect } from 'vitest';
import { inflateSync } from 'node:zlib';
import {
  CAPTCHA_ALPHABET,
  crc32,
  randomCaptchaText,
  renderCaptchaPng,
} from '../../src/server/modules/auth/captcha-image.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

interface Chunk {
  type: string;
  data: Buffer;
  crc: number;
  crcInput: Buffer;
}

function readChunks(png: Buffer): Chunk[] {
  const chunks: Chunk[] = [];
  let off = 8;
  while (off < png.length) {
    const len = png.readUInt32BE(off);
    const type = png.toString('ascii', off + 4, off + 8);
    chunks.push({
      type,
      data: png.subarray(off + 8, off + 8 + len),
      crc: png.readUInt32BE(off + 8 + len),
      crcInput: png.subarray(off + 4, off + 8 + len),
    });
    off += 12 + len;
  }
  return chunks;
}

describe('randomCaptchaText', () => {
  it('returns 5 characters from the unambiguous alphabet by default', () => {
    for (let i = 0; i < 50; i++) {
      const text = randomCaptchaText();
      expect(text).toHaveLength(5);
      for (const ch of text) expect(CAPTCHA_ALPHABET).toContain(ch);
      expect(text).not.toMatch(/[0O1lI]/);
    }
  });

  it('honours a custom length', () => {
    expect(randomCaptchaText(8)).toHaveLength(8);
  });
});

describe('crc32', () => {
  it('matches the standard check value', () => {
    expect(crc32(Buffer.from('123456789', 'ascii'))).toBe(0xcbf43926);
  });
});

describe('renderCaptchaPng', () => {
  const png = renderCaptchaPng('AB3XY');
  const chunks = readChunks(png);

  it('starts with the PNG signature', () => {
    expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  });

  it('has IHDR first, IEND last, and valid CRCs', () => {
    expect(chunks[0]?.type).toBe('IHDR');
    expect(chunks.at(-1)?.type).toBe('IEND');
    for (const c of chunks) expect(c.crc).toBe(crc32(c.crcInput));
  });

  it('declares a 130x48 8-bit image in IHDR', () => {
    const ihdr = chunks[0]!.data;
    expect(ihdr.readUInt32BE(0)).toBe(130);
    expect(ihdr.readUInt32BE(4)).toBe(48);
    expect(ihdr[8]).toBe(8);
    expect([2, 6]).toContain(ihdr[9]);
  });

  it('IDAT inflates to height * (1 + width * bytesPerPixel) bytes with filter 0 rows', () => {
    const ihdr = chunks[0]!.data;
    const width = ihdr.readUInt32BE(0);
    const height = ihdr.readUInt32BE(4);
    const bytesPerPixel = ihdr[9] === 6 ? 4 : 3;
    const idat = Buffer.concat(chunks.filter((c) => c.type === 'IDAT').map((c) => c.data));
    const raw = inflateSync(idat);
    const stride = 1 + width * bytesPerPixel;
    expect(raw.length).toBe(height * stride);
    for (let y = 0; y < height; y++) expect(raw[y * stride]).toBe(0);
  });

  it('respects custom dimensions', () => {
    const ihdr = readChunks(renderCaptchaPng('ABC', 90, 30))[0]!.data;
    expect(ihdr.readUInt32BE(0)).toBe(90);
    expect(ihdr.readUInt32BE(4)).toBe(30);
  });

  it('produces different images for the same text (random noise)', () => {
    expect(renderCaptchaPng('AB3XY').equals(renderCaptchaPng('AB3XY'))).toBe(false);
  });
});
