import { execFile } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_GEN_URL } from '../../src/shared/contract/api/develop.ts';
import { expectOk, startApp, type TestApp } from '../support/app.ts';
import { createCode, createModel, MARIADB_HEADER, MARIADB_LINE, PG_COLUMNS } from './develop-gen.support.ts';

/**
 * The generate-compile-test round trip (issue 38 point 2): a crud and a tree module from PostgreSQL-shaped models and
 * a master-detail module from a MariaDB-shaped one (tinyint(1) a switch, decimal(10,2) money, datetime, text, a Chinese
 * column by its pinyin property), written by `gen-code` into a temporary copy of the project, which then compiles
 * (one tsc) and passes the generated tests (one vitest run). Minutes: one copy, one tsc, one vitest.
 */
const run = promisify(execFile);
let root: string;
let t: TestApp;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'tenon-generate-'));
  for (const path of [
    'src',
    'scripts',
    'tests/support',
    'tests/dom-matchers.setup.ts',
    'tsconfig.json',
    'package.json',
    '.prettierrc.json',
    '.prettierignore',
  ])
    cpSync(resolve(path), join(root, path), { recursive: true });
  cpSync(resolve('vitest.config.ts'), join(root, 'vitest.config.ts'));
  symlinkSync(realpathSync('node_modules'), join(root, 'node_modules'));
  // The build's migrated embedded database, which the copy's global setup starts its template from.
  if (existsSync('dist-server')) symlinkSync(realpathSync('dist-server'), join(root, 'dist-server'));
  // The copy's tests need the migrated template, not a server build (that writes the shared node_modules' cache).
  const setup = join(root, 'tests/support/global-setup.ts');
  writeFileSync(
    setup,
    readFileSync(setup, 'utf8').replace("await buildChanged({ only: 'server' });", 'void buildChanged;'),
  );
  t = await startApp({ TENON_DEV_WRITE: '1', TENON_DEV_ROOT: root });
}, 120_000);
afterAll(async () => {
  await t?.stop();
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('a generated module', () => {
  it('compiles in the project and passes its own test', { timeout: 600_000 }, async () => {
    const admin = await t.tokenOf();
    const item = await createModel(
      t,
      admin,
      { modelName: '物品', modelCode: 'genitem', modelTable: 'gen_item', modelClass: 'Item' },
      PG_COLUMNS,
    );
    const bill = await createModel(
      t,
      admin,
      { modelName: '单据', modelCode: 'genbill', modelTable: 'gen_bill' },
      MARIADB_HEADER,
    );
    const line = await createModel(
      t,
      admin,
      { modelName: '单据明细', modelCode: 'genbillline', modelTable: 'gen_bill_line' },
      MARIADB_LINE,
    );
    const category = await createModel(
      t,
      admin,
      { modelName: '物品分类', modelCode: 'gencategory', modelTable: 'gen_category' },
      PG_COLUMNS,
    );
    const crud = await createCode(t, admin, { modelId: item, codeName: '物品', templateType: 'crud' });
    const tree = await createCode(t, admin, {
      modelId: category,
      codeName: '物品分类',
      templateType: 'tree',
      treeName: 'item_no',
      packageName: 'warehouse',
    });
    const sub = await createCode(t, admin, {
      modelId: bill,
      codeName: '单据',
      templateType: 'sub',
      subModelId: line,
      subFkId: 'bill_id',
    });
    const written: string[] = expectOk(await t.post(`${CODE_GEN_URL}?ids=${crud},${sub},${tree}&system=tenon`, admin));
    expect(written).toContain('tests/server/generated/genitem.test.ts');
    expect(written).toContain('tests/server/generated/genbill.test.ts');
    expect(written).toContain('tests/server/generated/gencategory.test.ts');
    expect(written.filter((path) => path.endsWith('.sql'))).toHaveLength(3);
    expect(written).toContain('src/server/modules/warehouse/manifest.ts');
    const manifest = readFileSync(join(root, 'src/server/modules/masterdata/manifest.ts'), 'utf8');
    expect(manifest).toContain('...genitemGenerated.entities');
    expect(manifest).toContain('...genbillGenerated.menus');
    // Writing the same again: refused, nothing overwritten.
    const again = await t.post(`${CODE_GEN_URL}?ids=${crud}`, admin);
    expect(again.statusCode).toBe(400);
    // A table this database has already: its migration would fail the next start.
    const packaging = await createModel(
      t,
      admin,
      { modelName: '包装', modelCode: 'genpackaging', modelTable: 'erp_packaging' },
      PG_COLUMNS,
    );
    const clash = await createCode(t, admin, { modelId: packaging, codeName: '包装', templateType: 'crud' });
    const refused = await t.post(`${CODE_GEN_URL}?ids=${clash}`, admin);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toContain('已存在于本库');
    expect(existsSync(join(root, 'src/shared/entities/masterdata/genpackaging.ts'))).toBe(false);
    await t.stop();

    const env = Object.fromEntries(
      Object.entries(process.env).filter(([key]) => !key.startsWith('VITEST') && key !== 'TENON_TEST_RUN'),
    );
    const inRoot = { cwd: root, env: { ...env, TENON_TEST_TMP: join(root, '.tmp') }, maxBuffer: 1 << 24 };
    const shown = async (command: string, args: string[]) => {
      try {
        await run(join(root, 'node_modules/.bin', command), args, inRoot);
      } catch (error) {
        const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
        expect.fail(`${command} ${args.join(' ')}\n${stdout.slice(-6000)}\n${stderr.slice(-3000)}`);
      }
    };
    await shown('prettier', ['--check', ...written.filter((path) => path.endsWith('.ts'))]);
    // The written files and all they import (the server, the test support), not the console's screens, which the
    // generated module adds nothing to: half of a whole-project check's time.
    const writtenTs = written.filter((path) => path.endsWith('.ts'));
    writeFileSync(
      join(root, 'tsconfig.generated.json'),
      JSON.stringify({ extends: './tsconfig.json', include: [...writtenTs, 'src/**/*.d.ts', 'tests/**/*.d.ts'] }),
    );
    await shown('tsc', ['-p', 'tsconfig.generated.json']);
    await shown('vitest', ['run', ...written.filter((path) => path.startsWith('tests/'))]);
  });
});
