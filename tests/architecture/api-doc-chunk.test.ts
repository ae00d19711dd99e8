import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Swagger UI (about 1.7 MB with its own React) stays in the 接口文档 screen's chunks: one file imports it, and only
 * dynamically, once the screen has a document to show; the screen itself is a lazy page.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const SCREEN = 'src/desktop/pages/log/ApiDocPage.tsx';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

const IMPORTS = /\bimport\s*(\()?[^'";]*?['"](swagger-ui-dist[^'"]*)['"]/g;

describe('the 接口文档 chunk', () => {
  it('imports Swagger UI and its styles in the screen only, dynamically', () => {
    const found = sourceFiles(join(ROOT, 'src')).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(IMPORTS)].map(
        (m) => `${relative(ROOT, file)} ${m[1] ? 'dynamic' : 'static'} ${m[2]}`,
      ),
    );
    expect(found.sort()).toEqual([
      `${SCREEN} dynamic swagger-ui-dist/swagger-ui-es-bundle.js`,
      `${SCREEN} dynamic swagger-ui-dist/swagger-ui.css`,
    ]);
  });

  it('is a lazy screen', () => {
    const screens = readFileSync(join(ROOT, 'src/desktop/pages/log/screens.ts'), 'utf8');
    expect(screens).toContain("lazyPage(() => import('./ApiDocPage.tsx'))");
  });
});
