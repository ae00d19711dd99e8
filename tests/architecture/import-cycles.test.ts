import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
/** A relative import or re-export, and a lazy `import('./x')` too: a circle through a lazy import is a circle. */
const IMPORT = /(?:(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*|\bimport\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Each file's relative imports (type-only and lazy ones too: they tie the files' designs together all the same). */
function importGraph(files: string[]): Map<string, string[]> {
  return new Map(
    files.map((file) => {
      const text = readFileSync(file, 'utf8');
      return [file, [...text.matchAll(IMPORT)].map((m) => resolve(dirname(file), m[1]))];
    }),
  );
}

/** The import cycles, each as the list of files around it (Tarjan's strongly connected components). */
function cycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    indexOf.set(node, index);
    low.set(node, index++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (!indexOf.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, indexOf.get(next)!));
    }
    if (low.get(node) === indexOf.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(relative(ROOT, member));
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!indexOf.has(node)) visit(node);
  return found;
}

describe('the source has no import cycles', () => {
  // Each part, then the whole source: a circle may run through two parts (client -> desktop -> client).
  for (const part of ['src/server', 'src/shared', 'src/client', 'src/desktop', 'src/mobile', 'src']) {
    it(part, () => {
      expect(cycles(importGraph(sourceFiles(join(ROOT, part))))).toEqual([]);
    });
  }

  it('reads lazy imports as edges', () => {
    const graph = importGraph([join(ROOT, 'src/desktop/pages/screen-loading.ts')]);
    expect(graph.get(join(ROOT, 'src/desktop/pages/screen-loading.ts'))).toContain(
      join(ROOT, 'src/desktop/pages/MenuPage.tsx'),
    );
  });
});
