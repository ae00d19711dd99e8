/**
 * Generated TypeScript through prettier with the project's options (.prettierrc), when prettier is installed (a
 * development checkout: where generated files are written and checked); without it (a production install has no
 * dev dependencies) the emitter's own layout stands, which differs from prettier's only in line breaks.
 */
type Prettier = { format(source: string, options: Record<string, unknown>): Promise<string> };

const PRETTIER = 'prettier';
const OPTIONS = { parser: 'typescript', printWidth: 120, singleQuote: true, trailingComma: 'all' };
let loaded: Promise<Prettier | undefined> | undefined;

export async function formatTs(source: string): Promise<string> {
  // A computed name: the server's bundle must not carry prettier, only find it at run time.
  loaded ??= import(PRETTIER).then(
    (module: { default?: Prettier } & Prettier) => module.default ?? module,
    () => undefined,
  );
  const prettier = await loaded;
  return prettier ? prettier.format(source, OPTIONS) : source;
}
