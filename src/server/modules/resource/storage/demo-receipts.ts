import { Readable } from 'node:stream';
import { crc32, deflateSync } from 'node:zlib';
import { formatDateTime } from '../../../../shared/contract/time.ts';
import { loadConfig } from '../../../config.ts';
import type { Db } from '../../../db/connect.ts';
import { nextId } from '../../../platform/ids.ts';
import { newObjectKey } from './object-names.ts';
import { contentTypeOf } from './object-store.ts';
import { StorageService } from './storage.service.ts';

/** A demo file: its name and bytes, with the extension its content has. */
export interface DemoFile {
  originalName: string;
  extension: string;
  bytes: Buffer;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A small grey receipt (a header band, `lines` lines of "text", a total): a PNG of a few hundred bytes. */
export function receiptPng(lines: number): Buffer {
  const width = 96;
  const height = 128;
  const shade = (x: number, y: number) => {
    if (y < 14) return 0x40;
    const row = Math.floor((y - 22) / 10);
    if (y >= 22 && row < lines && (y - 22) % 10 < 3 && x > 8 && x < 88 - ((row * 17) % 30)) return 0x99;
    if (y > 108 && y < 114 && x > 50 && x < 88) return 0x20;
    return 0xff;
  };
  const raw = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) raw[y * (width + 1) + 1 + x] = shade(x, y);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A one-page PDF saying `text` (ASCII): an invoice of the demo, well under a kilobyte. */
export function receiptPdf(text: string): Buffer {
  const stream = `BT /F1 14 Tf 40 160 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets = objects.map((object, i) => {
    const offset = body.length;
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/**
 * Demo files of `userId` (none: the seed's) put through the tenant's enabled store, as an upload would be, with their
 * attachment rows: what other modules' demo documents hold in their attachments fields. Their ids, in order.
 */
export async function storeDemoAttachments(
  db: Db,
  tenantId: string,
  userId: string | null,
  files: readonly DemoFile[],
): Promise<string[]> {
  const { files: config, jwtSecret } = loadConfig();
  const storage = new StorageService(db, config, jwtSecret);
  const target = await storage.enabled(tenantId);
  const now = formatDateTime(new Date(), 'Asia/Shanghai');
  const ids: string[] = [];
  for (const file of files) {
    const key = newObjectKey(file.extension);
    await target.store.put(key, Readable.from([file.bytes]), contentTypeOf(key));
    const id = nextId();
    await db
      .insertInto('blade_attach')
      .values({
        id,
        tenant_id: tenantId,
        link: storage.linkOf(tenantId, target.ossId, key),
        domain: storage.domainOf(tenantId, target.ossId),
        name: key,
        original_name: file.originalName,
        extension: file.extension,
        attach_size: file.bytes.length,
        create_user: userId,
        create_time: now,
        status: 1,
        is_deleted: 0,
      })
      .execute();
    ids.push(String(id));
  }
  return ids;
}
