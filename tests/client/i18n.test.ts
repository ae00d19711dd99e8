import { describe, expect, it } from 'vitest';
import { zh as zhConsole } from '../../src/shared/i18n/zh/index.ts';
import { en as enConsole } from '../../src/shared/i18n/en/index.ts';
import { flowDesigner as zhDesigner } from '../../src/shared/i18n/zh/flow-designer.ts';
import { flowDesigner as enDesigner } from '../../src/shared/i18n/en/flow-designer.ts';

/** The console's strings and those loaded with a screen (the designer's panel). */
const zh = { ...zhConsole, flowDesigner: zhDesigner };
const en = { ...enConsole, flowDesigner: enDesigner };

type Tree = { [key: string]: string | Tree };
const keysOf = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );
const valuesOf = (tree: Tree): string[] =>
  Object.values(tree).flatMap((v) => (typeof v === 'string' ? [v] : valuesOf(v)));

describe('i18n resources', () => {
  it('have exactly the same keys in zh and en', () => {
    expect(keysOf(en as Tree).sort()).toEqual(keysOf(zh as Tree).sort());
  });

  it('have no empty strings, and en has no Chinese except the language names', () => {
    for (const value of [...valuesOf(zh as Tree), ...valuesOf(en as Tree)]) expect(value.trim()).not.toBe('');
    const chinese = valuesOf(en as Tree).filter((v) => /[\u4e00-\u9fff]/.test(v));
    expect(chinese).toEqual(['简体中文']);
  });

  it('keeps the interpolation placeholders of each zh string in its en twin', () => {
    const zhKeys = keysOf(zh as Tree);
    const get = (tree: Tree, key: string) =>
      key.split('.').reduce<string | Tree>((node, part) => (node as Tree)[part], tree) as string;
    for (const key of zhKeys) {
      const placeholders = (text: string) =>
        (text.match(/\{\{\s*\w+\s*\}\}/g) ?? []).map((p) => p.replace(/\s/g, '')).sort();
      expect(placeholders(get(en as Tree, key)), key).toEqual(placeholders(get(zh as Tree, key)));
    }
  });
});
