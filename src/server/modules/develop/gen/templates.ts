import { posix } from 'node:path';
import { startOf, type EntityDef } from '../../../../shared/entities/define.ts';
import { LIVE_MESSAGES } from '../../../../shared/develop/live-messages.ts';
import type { CodeTemplate } from '../../../../shared/entities/develop/code.ts';
import { MODEL_FIELD_TYPES } from '../../../../shared/entities/develop/model-prototype.ts';
import {
  lineEntityOf,
  modelToEntity,
  numericScale,
  type ModelRow,
  type PrototypeRow,
} from '../../../../shared/develop/model-entity.ts';
import { ApiError, fail } from '../../../platform/errors.ts';
import { MODULE_NAMES, type ModuleName } from '../../../platform/module.ts';
import { entityTableSql, type Decimals } from '../entity-ddl.ts';
import { camelOf, definitionFile, docComment, quote } from './emit-definition.ts';
import { addToManifest } from './manifest-edit.ts';
import { formatTs } from './format.ts';
import { generatedTestFile } from './emit-test.ts';

/**
 * The code generator's templates (issue 38 point 2): from a code row, its model and prototype rows (and for `sub` the
 * line model's), the files of a Tenon module in the kit's shape (tests/architecture/fixtures/gadget): the entity
 * definition, its migration, the module's generated entry (entities + menu) and the manifest line spreading it in, and
 * an HTTP test. The desktop screen is the shared CRUD page, found by the menu code (= the entity's code).
 */

export const DEFAULT_DOMAIN: ModuleName = 'masterdata';

/** A code row as stored (blade_code), in wire form: what the templates read of it. */
export interface CodeRow {
  codeName: string;
  serviceName?: string;
  templateType: CodeTemplate | string;
  packageName?: string;
  pkName?: string;
  subFkId?: string;
  treeName?: string;
}

export interface ModelSource {
  model: ModelRow;
  rows: readonly PrototypeRow[];
}

export interface GenSource extends ModelSource {
  code: CodeRow;
  /** The line model of a `sub`. */
  sub?: ModelSource;
}

/** What the target tree says: the next migration number and the domain's manifest text (undefined: not there). */
export interface TreeFacts {
  migrationNumber: number;
  manifest: (domain: ModuleName) => string | undefined;
}

/** What the running server serves: its services' names, and the approval kinds a model may be sent through. */
export interface ServedFacts {
  services: ReadonlySet<EntityDef['service']>;
  /** Kind -> the service of its start-process (live-publish.ts approvalKinds). */
  kinds: ReadonlyMap<string, string>;
}

export interface GeneratedFile {
  path: string;
  language: 'typescript' | 'sql';
  content: string;
}

export interface GeneratedModule {
  files: GeneratedFile[];
  /** The entities whose tables the migration creates (header first). */
  entities: EntityDef[];
}

const NAME = /^[a-z][a-z0-9_-]{0,48}$/;
const TABLE = /^[\p{L}_][\p{L}\p{N}_]{0,62}$/u;
const PROPERTY = /^[a-zA-Z][a-zA-Z0-9_]{0,62}$/;
const TYPES = new Set<string>(MODEL_FIELD_TYPES);

function checkName(name: string, pattern: RegExp, label: string) {
  if (!pattern.test(name)) throw fail('genBadName', { name, label });
}

/** The model's names are safe in a path, an identifier, a URL and SQL; its fields have known types. */
function checkModel({ model, rows }: ModelSource) {
  checkName(model.modelCode, NAME, 'model code');
  checkName(model.modelTable, TABLE, 'table');
  const own = rows.filter((row) => row.propertyName);
  if (own.length === 0) throw fail('genNoFields', { name: model.modelName || model.modelCode });
  for (const row of own) {
    checkName(row.propertyName, PROPERTY, 'property');
    if (!TYPES.has(row.fieldType)) throw fail('genBadName', { name: row.fieldType, label: 'field type' });
  }
}

/** A property of the model named by its property or its column. */
const propertyOf = (rows: readonly PrototypeRow[], name: string) =>
  rows.find((row) => row.propertyName === name || row.jdbcName === name)?.propertyName;

/** Every emitted path stays inside the tree: relative, no `..`, no absolute or drive part. */
export function checkInside(path: string) {
  const normal = posix.normalize(path);
  if (
    path !== normal ||
    normal.startsWith('/') ||
    normal.startsWith('..') ||
    path.includes('\\') ||
    path.includes('\0') ||
    /^[a-zA-Z]:/.test(path)
  )
    throw fail('genOutside', { name: path });
}

const decimalsOf = (rows: readonly PrototypeRow[]): Decimals =>
  Object.fromEntries(
    rows.flatMap((row) => {
      const scale = row.fieldType === 'decimal' ? numericScale(row.jdbcType) : undefined;
      return scale ? [[row.propertyName, scale]] : [];
    }),
  );

/** The domain the entity joins: the code row's module folder, else master data. */
export function domainOf(code: CodeRow): ModuleName {
  const domain = (code.packageName ?? '').trim() || DEFAULT_DOMAIN;
  if (!(MODULE_NAMES as readonly string[]).includes(domain))
    throw fail('genModule', { name: domain, label: MODULE_NAMES.join(', ') });
  return domain as ModuleName;
}

/** The service the entities are served under: the code row's 服务名称, one the server has. */
function serviceOf(code: CodeRow, served: ServedFacts): EntityDef['service'] {
  const name = code.serviceName?.trim() || 'blade-system';
  const service = [...served.services].find((known) => known === name);
  if (!service) throw fail('genService', { name, label: [...served.services].sort().join(', ') });
  return service;
}

/** The entities a code row describes (the header, then its line entity for `sub`), checked. */
export function entitiesOf(
  source: GenSource,
  served: ServedFacts,
): { header: EntityDef; line?: EntityDef; decimals: Decimals[] } {
  const { code, model, rows } = source;
  checkModel(source);
  const service = serviceOf(code, served);
  const kind = model.approvalKind?.trim();
  if (kind && !served.kinds.has(kind)) throw new ApiError(400, LIVE_MESSAGES.approvalKindUnknown, { name: kind });
  const template = code.templateType || 'crud';
  if (template !== 'crud' && template !== 'tree' && template !== 'sub')
    throw fail('genBadName', { name: template, label: 'template' });
  const pkName = code.pkName?.trim() || 'id';
  // Rows read from a table's catalog carry its column types: the key the generated table keeps must be one of them.
  if (rows.length > 0 && rows.every((row) => row.jdbcType) && !rows.some((row) => row.jdbcName === pkName))
    throw fail('genNoPrimaryKey', { name: model.modelTable, label: pkName });
  const options: Parameters<typeof modelToEntity>[2] = { service, pkName };
  let line: EntityDef | undefined;
  if (template === 'tree') {
    if (!code.treeName?.trim()) throw fail('genTreeTitle');
    const title = propertyOf(rows, code.treeName.trim());
    if (!title) throw fail('genTreeTitleUnknown', { name: code.treeName });
    options.treeTitle = title;
  }
  if (template === 'sub') {
    const sub = source.sub;
    if (!sub || !code.subFkId?.trim()) throw fail('genSubMissing');
    checkModel(sub);
    const foreignKey = propertyOf(sub.rows, code.subFkId.trim());
    if (!foreignKey) throw fail('genSubFk', { name: code.subFkId });
    if (sub.model.modelCode === model.modelCode || sub.model.modelTable === model.modelTable)
      throw fail('genBadName', { name: sub.model.modelCode, label: 'line model' });
    line = lineEntityOf({ code: model.modelCode, service, tenant: true }, sub.model, sub.rows, foreignKey);
    options.lines = { entity: line, foreignKey, label: line.label };
  }
  const header = modelToEntity(model, rows, options);
  if (header.tree && !header.fields[header.tree.title]) throw fail('genTreeTitleUnknown', { name: header.tree.title });
  return { header, line, decimals: [decimalsOf(rows), decimalsOf(source.sub?.rows ?? [])] };
}

const fileNameOf = (modelCode: string) => modelCode.replaceAll('_', '-');

/** The module's files (paths relative to the project's root), formatted. */
export async function generateModule(source: GenSource, facts: TreeFacts & ServedFacts): Promise<GeneratedModule> {
  const { header, line, decimals } = entitiesOf(source, facts);
  const domain = domainOf(source.code);
  const file = fileNameOf(header.name);
  const constName = camelOf(header.name);
  const lineConst = line ? camelOf(line.name) : undefined;
  const generated = `${constName}Generated`;
  const template = source.code.templateType || 'crud';
  const from = `generated by the code generator (template ${template}) from the data model ${source.model.modelCode}`;
  const definition = definitionFile([
    ...(line && lineConst
      ? [
          {
            entity: line,
            constName: lineConst,
            comment: `${line.label.zh} (${line.label.en}), the lines of ${constName}: ${from}.`,
          },
        ]
      : []),
    { entity: header, constName, comment: `${header.label.zh} (${header.label.en}): ${from}.` },
  ]);
  const number = String(facts.migrationNumber).padStart(4, '0');
  const migration = [
    `-- ${header.label.zh} (${header.label.en}): ${from}.`,
    entityTableSql(header, decimals[0]),
    ...(line ? [entityTableSql(line, decimals[1])] : []),
  ].join('\n');
  const zh = quote(header.label.zh);
  const en = quote(header.label.en);
  const imports = [constName, ...(lineConst ? [lineConst] : [])].join(', ');
  const buttons = [`exportBtn(${constName}.code)`, `importBtn(${constName}.code)`];
  // An approved model's rows are sent by the holders of its 提交审批, as the live model's are (live-publish.ts).
  const start = header.approval && startOf(header.approval);
  if (start?.by === 'kind') {
    const url = `/api/${facts.kinds.get(start.kind)}/process/${start.kind}/start-process`;
    buttons.push(`btn(${quote(start.code)}, '提交审批', 'Submit for approval', 'submit', 'upload', 2, ${quote(url)})`);
  }
  const menuHelpers = ['business', ...(start ? ['btn'] : []), 'exportBtn', 'importBtn'].join(', ');
  const moduleFile = [
    `import { ${imports} } from '../../../shared/entities/${domain}/${file}.ts';`,
    `import { ${menuHelpers} } from '../../platform/menus.ts';`,
    ``,
    docComment(
      `${header.label.zh} (${header.label.en}): its entities and its menu, spread into the ${domain} module's manifest (${from}).`,
    ),
    `export const ${generated} = {`,
    `  entities: [${imports}],`,
    `  menus: [`,
    `    business('${header.code}_menu', ${zh}, ${en}, 90, 'iconfont iconicon_box', [`,
    `      [${constName}.code, ${zh}, ${en}, { entity: ${constName}.name, extra: [${buttons.join(', ')}] }],`,
    `    ]),`,
    `  ],`,
    `};`,
    ``,
  ].join('\n');
  const manifestPath = `src/server/modules/${domain}/manifest.ts`;
  // A server run from its build has no manifest source: its preview and zip leave the line to add by hand.
  const manifestText = facts.manifest(domain);
  const manifest =
    manifestText === undefined
      ? undefined
      : addToManifest(manifestText, manifestPath, generated, `./${file}.generated.ts`);
  const files: GeneratedFile[] = [
    { path: `src/shared/entities/${domain}/${file}.ts`, language: 'typescript', content: await formatTs(definition) },
    {
      path: `src/server/db/migrations/${number}_${file.replaceAll('-', '_')}.sql`,
      language: 'sql',
      content: migration,
    },
    {
      path: `src/server/modules/${domain}/${file}.generated.ts`,
      language: 'typescript',
      content: await formatTs(moduleFile),
    },
    ...(manifest === undefined
      ? []
      : [{ path: manifestPath, language: 'typescript' as const, content: await formatTs(manifest) }]),
    {
      path: `tests/server/generated/${file}.test.ts`,
      language: 'typescript',
      content: await formatTs(generatedTestFile({ header, line, constName, domain, file })),
    },
  ];
  for (const { path } of files) checkInside(path);
  return { files, entities: line ? [header, line] : [header] };
}
