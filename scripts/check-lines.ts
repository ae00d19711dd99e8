/**
 * Lines stay within 120 columns (Prettier's printWidth). Prettier breaks code but neither comments nor literals: a
 * line may pass the limit only when it holds a string, template or regular expression literal (a message, a test's
 * name, a CSS rule, SQL), as ESLint's max-len does with ignoreStrings / ignoreTemplateLiterals. Comments are rewrapped.
 *
 *   node_modules/.bin/tsx scripts/check-lines.ts        # exits 1 and lists the lines that are too long
 */
import { existsSync, readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import ts from 'typescript';

export const MAX_COLUMNS = 120;

/** Ranges of the literals in a source file that may cross the limit. */
function literalRanges(file: ts.SourceFile): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateExpression(node) ||
      ts.isRegularExpressionLiteral(node) ||
      ts.isJsxText(node)
    ) {
      ranges.push([node.getStart(file), node.getEnd()]);
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return ranges;
}

/** The lines of `path` (text `source`) longer than the limit and holding no literal: `line: text`. */
export function longLines(path: string, source: string): string[] {
  const lines = source.split('\n');
  if (!lines.some((line) => line.length > MAX_COLUMNS)) return [];
  const kind = path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const file = ts.createSourceFile(path, source, ts.ScriptTarget.Latest, true, kind);
  const ranges = literalRanges(file);
  const found: string[] = [];
  let offset = 0;
  lines.forEach((line, index) => {
    if (line.length > MAX_COLUMNS) {
      const end = offset + line.length;
      if (!ranges.some(([from, to]) => from < end && to > offset)) found.push(`${index + 1}: ${line}`);
    }
    offset += line.length + 1;
  });
  return found;
}

/** The project's TypeScript sources under version control (a file deleted but not yet committed left out). */
function sources(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.ts', '*.tsx'], {
    encoding: 'utf8',
  });
  return listed.split('\n').filter((path) => path && existsSync(path));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  let count = 0;
  for (const path of sources()) {
    for (const line of longLines(path, readFileSync(path, 'utf8'))) {
      console.error(`${path}:${line}`);
      count++;
    }
  }
  if (count) {
    console.error(`\n${count} line(s) longer than ${MAX_COLUMNS} columns: break the code, rewrap the comment.`);
    process.exit(1);
  }
}
