// Builds what `npm start` runs, each part only when its sources changed since its last build:
//   the web app  (vite -> dist/, precompressed)       from src/ (less src/server), index.html, public/, vite config
//   the server   (esbuild -> dist-server/*.js, plain  from src/server, src/shared
//                 JavaScript started with `node`)
// A part is rebuilt when the hash of its input files' contents (and the lock file) differs from the one recorded
// after its last successful build, or its output is missing. `--force` rebuilds both; `--server`/`--client` one.
// Plain JavaScript on purpose: it runs before anything is compiled.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(fileURLToPath(import.meta.url), '..', '..');
const STAMPS = join(ROOT, 'node_modules', '.cache', 'tenon-build.json');
const SHARED_INPUTS = ['package.json', 'package-lock.json', 'scripts/build.mjs'];

export const PARTS = {
  client: {
    inputs: [...SHARED_INPUTS, 'src', 'index.html', 'public', 'vite.config.ts', 'tsconfig.json'],
    skip: (path) => path.startsWith('src/server/'),
    output: 'dist/index.html',
    build: buildClient,
  },
  server: {
    inputs: [...SHARED_INPUTS, 'src/server', 'src/shared'],
    skip: () => false,
    output: 'dist-server/main.js',
    build: buildServer,
  },
};

/** The server's entry points: the process (main) and the commands beside it (demo data, backup, restore, 迁移租户). */
const SERVER_ENTRIES = {
  main: 'src/server/main.ts',
  demo: 'src/server/demo.ts',
  backup: 'src/server/backup.ts',
  restore: 'src/server/restore.ts',
  'tenant-move-command': 'src/server/tenant-move-command.ts',
  'pgdata-template': 'src/server/pgdata-template.ts',
};
/** Folders the server reads at run time (src/server/server-files.ts serverFile), copied beside the bundle. */
const SERVER_FILE_FOLDERS = ['db/migrations', 'modules/flow/models', 'modules/budget/models'];
/**
 * What the embedded database's template (src/server/pgdata-template.ts) is made of: PGlite's build, the migrations and
 * the code that runs them. Made once per set of these (initdb and every migration: ~8 s) and kept under
 * node_modules/.cache, so a build that changes other sources copies it.
 */
const PGDATA_TEMPLATE_INPUTS = [
  'node_modules/@electric-sql/pglite/package.json',
  'src/server/db/migrations',
  'src/server/db/migrate.ts',
  'src/server/db/connect.ts',
  'src/server/pgdata-template.ts',
];
const PGDATA_TEMPLATES = join(ROOT, 'node_modules', '.cache', 'tenon-pgdata');

function files(path) {
  const full = join(ROOT, path);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [path];
  return readdirSync(full)
    .sort()
    .flatMap((name) => files(`${path}/${name}`));
}

function fingerprint(part) {
  const hash = createHash('sha256');
  for (const path of part.inputs.flatMap(files).filter((p) => !part.skip(p))) {
    hash
      .update(path)
      .update('\0')
      .update(readFileSync(join(ROOT, path)))
      .update('\0');
  }
  return hash.digest('hex');
}

function readStamps() {
  try {
    return JSON.parse(readFileSync(STAMPS, 'utf8'));
  } catch {
    return {};
  }
}

function run(command, args) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (exit ${result.status})`);
}

function buildClient() {
  run(join(ROOT, 'node_modules', '.bin', 'vite'), ['build']);
  run(process.execPath, [join(ROOT, 'scripts', 'compress-dist.mjs'), 'dist']);
}

async function buildServer(print) {
  const { build } = await import('esbuild');
  // Built beside, then swapped in: a server starting meanwhile (a test, a second build) never sees half a folder.
  const target = join(ROOT, 'dist-server');
  const outdir = `${target}.${process.pid}.new`;
  rmSync(outdir, { recursive: true, force: true });
  await build({
    absWorkingDir: ROOT,
    entryPoints: SERVER_ENTRIES,
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // Dependencies load from node_modules as they are (native and WebAssembly packages, lazy imports stay lazy).
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  for (const folder of SERVER_FILE_FOLDERS) {
    cpSync(join(ROOT, 'src', 'server', folder), join(outdir, folder), { recursive: true });
  }
  copyPgdataTemplate(outdir);
  writeBuildInfo(outdir, print);
  const old = `${target}.${process.pid}.old`;
  if (existsSync(target)) renameSync(target, old);
  renameSync(outdir, target);
  rmSync(old, { recursive: true, force: true });
}

/** The template a first start on an empty embedded database copies (src/server/db/connect.ts PGDATA_TEMPLATE). */
function copyPgdataTemplate(outdir) {
  const key = fingerprint({ inputs: PGDATA_TEMPLATE_INPUTS, skip: () => false }).slice(0, 16);
  const cached = join(PGDATA_TEMPLATES, key);
  if (!existsSync(join(cached, 'pgdata', 'PG_VERSION'))) {
    // Made beside and renamed: a build running at the same time (another worktree sharing node_modules) sees all or none.
    const making = `${cached}.${process.pid}.new`;
    run(process.execPath, [join(outdir, 'pgdata-template.js'), making]);
    try {
      renameSync(making, cached);
    } catch {
      rmSync(making, { recursive: true, force: true }); // another build made it meanwhile
    }
  }
  cpSync(join(cached, 'pgdata'), join(outdir, 'pgdata-template'), { recursive: true });
}

/** What the built server knows of itself (src/server/server-files.ts): a restart of the same build skips the seed. */
function writeBuildInfo(outdir, print) {
  const version = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version;
  const info = { id: print.slice(0, 16), version, builtAt: new Date().toISOString() };
  writeFileSync(join(outdir, 'build.json'), JSON.stringify(info, null, 2));
}

export async function buildChanged({ force = false, only } = {}) {
  const stamps = readStamps();
  const built = [];
  for (const [name, part] of Object.entries(PARTS)) {
    if (only && only !== name) continue;
    const print = fingerprint(part);
    if (!force && stamps[name] === print && existsSync(join(ROOT, part.output))) continue;
    const started = Date.now();
    await part.build(print);
    stamps[name] = print;
    mkdirSync(join(STAMPS, '..'), { recursive: true });
    writeFileSync(STAMPS, JSON.stringify(stamps, null, 2));
    built.push(`${name} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  return built;
}

if (process.argv[1] && relative(process.argv[1], fileURLToPath(import.meta.url)) === '') {
  const args = process.argv.slice(2);
  const only = args.includes('--server') ? 'server' : args.includes('--client') ? 'client' : undefined;
  try {
    const built = await buildChanged({ force: args.includes('--force'), only });
    console.log(built.length ? `built ${built.join(', ')}` : 'build is up to date');
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
