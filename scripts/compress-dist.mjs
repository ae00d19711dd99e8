// Writes .br and .gz beside every compressible file of the built app, so the server sends them precompressed
// (@fastify/static preCompressed) without compressing on each request.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = process.argv[2] ?? 'dist';
const COMPRESSIBLE = /\.(js|css|html|svg|json|webmanifest|txt)$/;
let files = 0;
let before = 0;
let after = 0;

function walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) { walk(path); continue; }
    if (!COMPRESSIBLE.test(name)) continue;
    const content = readFileSync(path);
    if (content.length < 512) continue;
    const br = brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } });
    writeFileSync(`${path}.br`, br);
    writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
    files += 1;
    before += content.length;
    after += br.length;
  }
}

walk(root);
console.log(`compressed ${files} files: ${(before / 1024).toFixed(0)} KiB -> ${(after / 1024).toFixed(0)} KiB brotli`);
