import { camelToSnake, isStored, type EntityDef, type FieldDef } from '../../../../shared/entities/define.ts';
import { docComment, quote, tsLiteral } from './emit-definition.ts';
import { englishOf } from '../../../../shared/develop/model-entity.ts';

/**
 * A generated module's HTTP test: it starts the app (tests/support/app.ts) and, as the administrator, adds a row,
 * finds it in the list, reads it, changes it and removes it; a tree's row gets a child, a document its lines.
 */

/** A row's body: every stored field a sample fits (the line's foreign key is the engine's). */
function bodyOf(entity: EntityDef, n: number, skip?: string): Record<string, string | number> {
  const body: Record<string, string | number> = {};
  for (const [name, field] of Object.entries(entity.fields)) {
    if (name === skip || field.readonly || !isStored(field)) continue;
    if (field.dict && !field.required) continue;
    const value = sampleOf(name, field, n);
    if (value !== undefined) body[name] = value;
  }
  return body;
}

/** The field the test changes and reads back: the first text, else number. */
function probeOf(entity: EntityDef): [string, FieldDef] | undefined {
  const fields = Object.entries(entity.fields).filter(([, f]) => !f.readonly && !f.dict && isStored(f));
  return (
    fields.find(([, f]) => f.type === 'string' && (f.max ?? 255) >= 4) ??
    fields.find(([, f]) => f.type === 'text') ??
    fields.find(([, f]) => f.type === 'int' || f.type === 'money' || f.type === 'decimal')
  );
}

export interface TestSource {
  header: EntityDef;
  line?: EntityDef;
  constName: string;
  domain: string;
  file: string;
}

export function generatedTestFile({ header, line, constName, domain, file }: TestSource): string {
  const probe = probeOf(header);
  const lines = Object.entries(header.lines ?? {})[0];
  const lineKey = lines?.[0];
  const lineBody = (n: number) => (line && lines ? bodyOf(line, n, lines[1].foreignKey) : {});
  const withLines = (n: number, count: number) =>
    lineKey
      ? { ...bodyOf(header, n), [lineKey]: Array.from({ length: count }, (_, i) => lineBody(n + i)) }
      : bodyOf(header, n);
  const changed = probe
    ? probe[1].type === 'string' || probe[1].type === 'text'
      ? `'U${probe[1].type === 'string' ? '' : 'pdated'}9'`
      : probe[1].type === 'int'
        ? '7'
        : `'7.5'`
    : undefined;
  const same = (name: string, value: string) =>
    probe && probe[1].type !== 'string' && probe[1].type !== 'text'
      ? `expect(Number(${name})).toBe(Number(${value}));`
      : `expect(${name}).toBe(${value});`;
  const out: string[] = [
    `import { afterAll, beforeAll, describe, expect, it } from 'vitest';`,
    `import { expectOk, startApp, type TestApp } from '../../support/app.ts';`,
    `import { ${constName} } from '../../../src/shared/entities/${domain}/${file}.ts';`,
    ``,
    docComment(
      `${header.label.zh} (${header.label.en}), generated: added, listed, read, changed and removed over HTTP as the administrator.`,
    ),
    `const URL = \`/api/\${${constName}.service}/\${${constName}.name}\`;`,
    `let t: TestApp;`,
    `let admin: string;`,
    ``,
    `beforeAll(async () => {`,
    `  t = await startApp();`,
    `  admin = await t.tokenOf();`,
    `}, 120_000);`,
    `afterAll(() => t?.stop());`,
    ``,
    `describe(${quote(`${header.label.en} (generated)`)}, () => {`,
    `  it('is added, listed, read, changed and removed', async () => {`,
    `    const body = ${tsLiteral(withLines(1, 1), '    ')};`,
    `    const id: string = expectOk(await t.post(\`\${URL}/submit\`, admin, body)).id;`,
    `    const listed = expectOk(await t.get(\`\${URL}/list\`, admin));`,
    `    expect(JSON.stringify(listed)).toContain(id);`,
    `    const row = expectOk(await t.get(\`\${URL}/detail?id=\${id}\`, admin));`,
    `    expect(row.id).toBe(id);`,
  ];
  if (probe && changed) {
    out.push(
      `    ${same(`row.${probe[0]}`, `body.${probe[0]}`)}`,
      `    expectOk(await t.post(\`\${URL}/submit\`, admin, { ...body, id, ${probe[0]}: ${changed} }));`,
      `    const updated = expectOk(await t.get(\`\${URL}/detail?id=\${id}\`, admin));`,
      `    ${same(`updated.${probe[0]}`, changed)}`,
    );
  }
  if (lineKey) {
    out.push(
      `    expect(row.${lineKey}).toHaveLength(1);`,
      `    const twoLines = ${tsLiteral(withLines(1, 2)[lineKey], '    ')};`,
      `    expectOk(await t.post(\`\${URL}/submit\`, admin, { ...body, id, ${lineKey}: twoLines }));`,
      `    expect(expectOk(await t.get(\`\${URL}/detail?id=\${id}\`, admin)).${lineKey}).toHaveLength(2);`,
    );
  }
  if (header.tree) {
    out.push(
      `    const child: string = expectOk(`,
      `      await t.post(\`\${URL}/submit\`, admin, { ...${tsLiteral(bodyOf(header, 2), '      ')}, parentId: id }),`,
      `    ).id;`,
      `    expect(expectOk(await t.get(\`\${URL}/detail?id=\${child}\`, admin)).parentId).toBe(id);`,
      `    const tree = expectOk(await t.get(\`\${URL}/list\`, admin));`,
      `    expect(JSON.stringify(tree.find((node: { id: string }) => node.id === id)?.children ?? [])).toContain(child);`,
      `    expectOk(await t.post(\`\${URL}/remove?ids=\${child}\`, admin));`,
    );
  }
  out.push(
    `    expectOk(await t.post(\`\${URL}/remove?ids=\${id}\`, admin));`,
    `    expect(JSON.stringify(expectOk(await t.get(\`\${URL}/list\`, admin)))).not.toContain(id);`,
    `  });`,
    `});`,
    ``,
  );
  return out.join('\n');
}

/** What a generated test fills a field with: a value its type and length accept (n tells rows apart). */
export function sampleOf(name: string, field: FieldDef, n: number): string | number | undefined {
  switch (field.type) {
    case 'string':
      return `${camelToSnake(name).slice(0, 3).toUpperCase()}${n}`.slice(0, field.max ?? 255);
    case 'text':
      return `${englishOf(name)} ${n}`;
    case 'int':
    case 'switch':
      return 1;
    case 'money':
      return `${n}2.50`;
    case 'decimal':
      return `${n}.5`;
    case 'date':
      return `2026-01-0${n}`;
    case 'datetime':
      return `2026-01-0${n} 08:30:00`;
    default:
      return undefined;
  }
}
