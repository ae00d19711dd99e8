import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../../scripts/server-flags.mjs';

const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;

describe('the production runtime', () => {
  it('starts the built server with node and the one set of server flags, building only what changed', () => {
    const server = `node ${SERVER_NODE_FLAGS.join(' ')} dist-server/main.js`;
    expect(scripts.start).toBe(`node scripts/build.mjs && ${server}`);
    expect(scripts.serve).toBe(server);
    // No TypeScript at run time: tsx is for scripts and the development watcher only.
    expect(`${scripts.start} ${scripts.serve} ${scripts.demo}`).not.toMatch(/tsx/);
  });
});
