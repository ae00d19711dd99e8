import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const SERVER = join(ROOT, 'src/server');
const WORKFLOW = join(SERVER, 'platform/workflow');
const ENTRY = join(WORKFLOW, 'index.ts');
/** Relative specifiers of static imports and re-exports, side-effect imports and lazy `import()`s. */
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"](\.{1,2}\/[^'"]+)['"]/gm;

function filesUnder(dir: string, wanted = /\.(ts|tsx|mts|mjs)$/): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path, wanted);
    return wanted.test(name) ? [path] : [];
  });
}
const sourceFiles = (dir: string) => filesUnder(dir);

/** Every `file -> imported file` of the folders, as absolute paths. */
function imports(folders: string[]): { file: string; target: string }[] {
  return folders
    .flatMap((folder) => sourceFiles(join(ROOT, folder)))
    .flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(IMPORT)].map((m) => ({ file, target: resolve(dirname(file), m[1]) })),
    );
}

/**
 * The engine's tables, and their indexes by name (blade_flow_task_todo ...); not the flow module's designer table
 * blade_flow_model (model.queries.ts).
 */
const ENGINE_TABLE = /\bblade_flow_(?:task|instance|definition|activity|comment)\w*/g;
/** Where the engine's tables are named beside the engine: their migrations and the schema typed from them. */
const SCHEMA = [join(SERVER, 'db/migrations'), join(SERVER, 'db/schema.ts')];

const inside = (path: string, dir: string) => path.startsWith(dir + sep);
const shown = ({ file, target }: { file: string; target: string }) =>
  `${relative(ROOT, file)} -> ${relative(ROOT, target)}`;

// The server and the benches use the engine as a service. Its own unit tests (tests/server/flow.expression.test.ts)
// may test a piece of it directly.
const USERS = ['src', 'bench', 'scripts'];

describe('the workflow engine (platform/workflow)', () => {
  it('is used through its entry by the modules', () => {
    const users = imports(USERS).filter(({ file, target }) => target === ENTRY && !inside(file, WORKFLOW));
    const modules = new Set(users.map(({ file }) => relative(join(SERVER, 'modules'), file).split(sep)[0]));
    // The flow module's screens, the businesses that send rows through processes, and the tenants' approver roles.
    expect([...modules].sort()).toEqual(expect.arrayContaining(['budget', 'finance', 'flow', 'system']));
  });

  it('exports a small interface: the workflow, the approval kit, approver roles and the models, no store helper', () => {
    const source = readFileSync(ENTRY, 'utf8');
    const names = [...source.matchAll(/^export (?:type )?\{([^}]*)\}/gm)]
      .flatMap((m) => m[1].split(','))
      .map((name) => name.replace(/^\s*type\s+/, '').trim())
      .filter(Boolean)
      .sort();
    expect(source).not.toMatch(/^export (?!(?:type )?\{)/m);
    expect(names).toEqual(
      [
        // register a business, start, complete, withdraw (workflow-of.ts); the demo's workflow without businesses
        'workflowOf',
        'detachedWorkflow',
        'Workflow',
        'Variables',
        'ApprovalEffect',
        'RowMove',
        // the approval kit: a request not found, a state move's input and buttons
        'REQUEST_NOT_FOUND',
        'moveCodes',
        'readMoves',
        'addApproverRoles',
        // models and deployments (the flow module's screens and the modules' shipped models)
        'ModelError',
        'readModel',
        'decodeModel',
        'laidOut',
        'diagramSvg',
        'RESOURCE_SUFFIX',
        'activeDefinitionId',
        'changeState',
        'deleteDeployments',
        'deploy',
        'refuseDeclarations',
        'UnmatchedGroup',
        // the definitions every tenant reads, copied to the databases tenants are placed on (db/source-setup.ts)
        'SHARED_DEFINITIONS',
        'seedModels',
        'SeedModel',
        'FLOW_MESSAGES',
        // service tasks' actions: the hooks modules offer (the flow module's 抄送), endpoints' sealed secrets
        'FlowHook',
        'HookContext',
        'ActionFailure',
        'COPY_HOOK',
        'ENDPOINT_SECRET_PURPOSE',
        // the new-task SMS the resource module sends (issue 36)
        'TaskSms',
        'TaskSmsSender',
      ].sort(),
    );
  });

  it('is imported only through its entry file', () => {
    const past = imports(USERS).filter(
      ({ file, target }) => inside(target, WORKFLOW) && target !== ENTRY && !inside(file, WORKFLOW),
    );
    expect(past.map(shown), 'import platform/workflow/index.ts instead').toEqual([]);
  });

  it('owns its tables: no server file outside it names them (modules read them through its interface)', () => {
    const files = filesUnder(SERVER, /./).filter(
      (file) => !inside(file, WORKFLOW) && !SCHEMA.some((path) => file === path || inside(file, path)),
    );
    expect(files.length).toBeGreaterThan(100);
    const named = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, at) =>
          [...line.matchAll(ENGINE_TABLE)].map((m) => `${relative(ROOT, file)}:${at + 1}: ${m[0]}`),
        ),
    );
    expect(named, 'read them through workflowOf(services) (platform/workflow/workflow-of.ts)').toEqual([]);
  });
});

describe('platform and db', () => {
  it('import nothing from the modules (modules build on them, not the other way)', () => {
    const found = imports(['src/server/platform', 'src/server/db']);
    expect(found.length).toBeGreaterThan(100);
    const upward = found.filter(({ target }) => inside(target, join(SERVER, 'modules')));
    expect(upward.map(shown)).toEqual([]);
  });
});
