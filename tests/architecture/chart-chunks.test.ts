import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * ECharts stays out of every chunk but its own (ARCHITECTURE.md "charts load only in the desktop chunks that draw
 * them"): one module loads it, and only by a dynamic import from the chart component, so neither the phone layout nor
 * a desktop screen without a chart downloads it. The build's side: tests/e2e/phone-shell.spec.ts (the chunk is
 * desktop-only and a phone never asks for it) and demo-screens.spec.ts (a screen fetches it only to draw a chart).
 */
const ROOT = resolve(import.meta.dirname, '../..');
const CHART_MODULE = 'src/desktop/components/charts/echarts.ts';
const CHART_COMPONENT = 'src/desktop/components/charts/Chart.tsx';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

interface Import {
  file: string;
  /** The specifier as written, or the repository path of a relative one. */
  target: string;
  kind: 'static' | 'type' | 'dynamic';
}

const STATIC = /(?:^|\n)\s*(import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s*)?['"]([^'"]+)['"]/g;
const DYNAMIC = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

function importsOf(file: string): Import[] {
  const text = readFileSync(file, 'utf8');
  const target = (spec: string) => (spec.startsWith('.') ? relative(ROOT, resolve(dirname(file), spec)) : spec);
  const at = relative(ROOT, file);
  return [
    ...[...text.matchAll(STATIC)].map((m) => ({
      file: at,
      target: target(m[3]),
      kind: m[2] ? ('type' as const) : ('static' as const),
    })),
    ...[...text.matchAll(DYNAMIC)].map((m) => ({ file: at, target: target(m[1]), kind: 'dynamic' as const })),
  ];
}

const imports = sourceFiles(join(ROOT, 'src')).flatMap(importsOf);
const isEcharts = (target: string) => /^(echarts|zrender)(\/|$)/.test(target);

describe('echarts', () => {
  it('is loaded by one module only, and never as the whole library', () => {
    const loading = imports.filter((i) => isEcharts(i.target) && i.kind !== 'type');
    expect(loading.length).toBeGreaterThan(0);
    expect([...new Set(loading.map((i) => i.file))]).toEqual([CHART_MODULE]);
    expect(imports.filter((i) => i.target === 'echarts' || i.target === 'zrender')).toEqual([]);
  });

  it('arrives only through the chart component’s dynamic import', () => {
    const reaching = imports.filter((i) => i.target === CHART_MODULE && i.kind !== 'type');
    expect(reaching).toEqual([{ file: CHART_COMPONENT, target: CHART_MODULE, kind: 'dynamic' }]);
  });

  it('is nothing the phone layout, the shared client or the server can reach', () => {
    const outside = imports.filter(
      (i) =>
        !i.file.startsWith('src/desktop/') &&
        (isEcharts(i.target) || i.target.startsWith('src/desktop/components/charts')),
    );
    expect(outside).toEqual([]);
  });
});
