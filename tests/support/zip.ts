import { inflateRawSync } from 'node:zlib';

/** The text of each entry of a ZIP (an .xlsx), by its path: read from the central directory, stored or deflated. */
export function zipEntries(file: Buffer): Map<string, string> {
  let end = file.length - 22;
  while (end >= 0 && file.readUInt32LE(end) !== 0x06054b50) end--;
  if (end < 0) throw new Error('not a ZIP');
  const entries = new Map<string, string>();
  let at = file.readUInt32LE(end + 16);
  for (let i = 0; i < file.readUInt16LE(end + 10); i++) {
    const method = file.readUInt16LE(at + 10);
    const compressed = file.readUInt32LE(at + 20);
    const nameLength = file.readUInt16LE(at + 28);
    const local = file.readUInt32LE(at + 42);
    const start = local + 30 + file.readUInt16LE(local + 26) + file.readUInt16LE(local + 28);
    const data = file.subarray(start, start + compressed);
    entries.set(
      file.toString('utf8', at + 46, at + 46 + nameLength),
      (method === 8 ? inflateRawSync(data) : data).toString(),
    );
    at += 46 + nameLength + file.readUInt16LE(at + 30) + file.readUInt16LE(at + 32);
  }
  return entries;
}
