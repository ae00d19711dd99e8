import { fail } from '../../../platform/errors.ts';

/**
 * The one edit the generator makes to a hand-written file: the domain's manifest imports the generated entry and
 * spreads its entities and menus into its own. Only a manifest of the usual shape (one `entities: [` and one
 * `menus: [` inside defineModule) is edited; anything else is refused, to be added by hand. Editing twice is a no-op.
 */
export function addToManifest(text: string, path: string, name: string, from: string): string {
  if (text.includes(`...${name}.entities`)) return text;
  const count = (needle: string) => text.split(needle).length - 1;
  if (!text.includes('defineModule({') || count('entities: [') !== 1 || count('menus: [') !== 1)
    throw fail('genManifest', { name: path });
  const lines = text.split('\n');
  // After the last import statement (an import may span lines: it ends at the line ending in `';`).
  let last = -1;
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i].startsWith('import ')) continue;
    let end = i;
    while (end < lines.length && !/['"];\s*$/.test(lines[end])) end++;
    last = end;
    i = end;
  }
  if (last < 0) throw fail('genManifest', { name: path });
  lines.splice(last + 1, 0, `import { ${name} } from '${from}';`);
  return lines
    .join('\n')
    .replace('entities: [', `entities: [...${name}.entities, `)
    .replace('menus: [', `menus: [...${name}.menus, `);
}
