import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The files the server reads at run time (migrations, BPMN models), by their path under src/server. Run from source
 * this file is in src/server; in the build it is inside dist-server/main.js, beside which scripts/build.mjs copies
 * the same folders (its SERVER_FILE_FOLDERS: a folder read here must be listed there): one path works in both.
 */
const SERVER_DIR = dirname(fileURLToPath(import.meta.url));

export const serverFile = (...path: string[]) => join(SERVER_DIR, ...path);

/** The build this server was made by (scripts/build.mjs writes it); undefined when it runs from source. */
export interface BuildInfo {
  /** Changes with any change of the server's sources or dependencies. */
  id: string;
  version: string;
  builtAt: string;
}

export function buildInfo(): BuildInfo | undefined {
  try {
    return JSON.parse(readFileSync(serverFile('build.json'), 'utf8')) as BuildInfo;
  } catch {
    return undefined;
  }
}
