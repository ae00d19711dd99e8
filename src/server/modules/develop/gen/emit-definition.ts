import type { EntityDef } from '../../../../shared/entities/define.ts';

/**
 * An entity definition as TypeScript source (the code generator's definition file): an object literal with bare keys
 * and single quotes, small objects of plain values on one line, the rest one key a line, so that prettier (when the
 * generator finds it: format.ts) has little to move. Objects named in `names` (a line entity inside its header) are
 * written as their identifier.
 */

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

const key = (name: string) => (IDENTIFIER.test(name) ? name : quote(name));

export const quote = (text: string) =>
  `'${text.replaceAll('\\', '\\\\').replaceAll("'", "\\'").replaceAll('\n', '\\n').replaceAll('\r', '\\r')}'`;

const plain = (value: unknown) => value === null || typeof value !== 'object';

export function tsLiteral(value: unknown, indent = '', names: ReadonlyMap<object, string> = new Map()): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return quote(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value !== 'object') throw new Error(`cannot write ${typeof value} as a literal`);
  const named = names.get(value);
  if (named) return named;
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    const items = value.map((item) => tsLiteral(item, inner, names));
    const flat = `[${items.join(', ')}]`;
    if (value.every(plain) || (value.length === 1 && flat.length <= 80)) return flat;
    return `[\n${items.map((item) => `${inner}${item},\n`).join('')}${indent}]`;
  }
  const entries = Object.entries(value).filter(([, v]) => v !== undefined);
  if (entries.length === 0) return '{}';
  if (entries.every(([, v]) => plain(v))) {
    const flat = `{ ${entries.map(([k, v]) => `${key(k)}: ${tsLiteral(v)}`).join(', ')} }`;
    if (flat.length + indent.length <= 90) return flat;
  }
  return `{\n${entries.map(([k, v]) => `${inner}${key(k)}: ${tsLiteral(v, inner, names)},\n`).join('')}${indent}}`;
}

/** `orderLine` from `order-line` / `order_line`. */
export const camelOf = (name: string) => name.replace(/[-_]+([a-zA-Z0-9])/g, (_, c: string) => c.toUpperCase());

export interface DefinitionSource {
  entity: EntityDef;
  /** The identifier it is exported as. */
  constName: string;
  /** Its doc comment's text (one line). */
  comment: string;
}

/** The definition file: defineEntity of each entity in order (lines before their header), each exported. */
export function definitionFile(entities: readonly DefinitionSource[]): string {
  const names = new Map<object, string>(entities.map(({ entity, constName }) => [entity, constName]));
  const blocks = entities.map(({ entity, constName, comment }) => {
    const others = new Map([...names].filter(([object]) => object !== entity));
    return `${docComment(comment)}\nexport const ${constName} = defineEntity(${tsLiteral(entity, '', others)});\n`;
  });
  return `import { defineEntity } from '../define.ts';\n\n${blocks.join('\n')}`;
}

/** A doc comment of `text` wrapped at 120 columns (the project's line check), at `indent`. */
export function docComment(text: string, indent = ''): string {
  const width = 120 - indent.length - 3;
  const one = `${indent}/** ${text} */`;
  if (one.length <= 120) return one;
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/)) {
    if (current && current.length + 1 + word.length > width) {
      lines.push(current);
      current = word;
    } else current = current ? `${current} ${word}` : word;
  }
  if (current) lines.push(current);
  return [`${indent}/**`, ...lines.map((line) => `${indent} * ${line}`), `${indent} */`].join('\n');
}
