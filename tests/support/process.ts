import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { BASIC_SABER, md5 } from './oauth-client.ts';
import { freePort } from './port.ts';
import { SERVER_NODE_FLAGS } from '../../scripts/server-flags.mjs';

/**
 * Real server processes for the process-level tests: the built server (`node dist-server/main.js`, as `npm start`
 * runs it; vitest's global setup builds it) with a chosen environment. Every spawned process runs in its own process
 * group, and every group still alive is killed when the test worker exits, so a failing test never leaks a server.
 */
export const ROOT = resolve(import.meta.dirname, '../..');
const MAIN = 'dist-server/main.js';
export const READY = /Tenon listening on http:\/\/localhost:(\d+)/;

export const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 20_000;

/** Variables of the test runner's own environment that would change what the server does. */
const SERVER_VARIABLES = [
  'NODE_ENV',
  'PORT',
  'HOST',
  'DATA_DIR',
  'DATABASE_URL',
  'REDIS_URL',
  'TENON_JWT_SECRET',
  'TENON_KV_PREFIX',
  'TENON_WEB_DIR',
  'LOG_LEVEL',
  'TENON_TOKEN_RATE_LIMIT',
];

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ServerProcess {
  /** The pid of the spawned server process (leader of its own process group). */
  pid: number;
  stdout(): string;
  stderr(): string;
  /** Resolves when the spawned process has exited. */
  exited: Promise<Exit>;
  /** The exit once it happened, else undefined. */
  exit(): Exit | undefined;
  /** SIGTERM (the server closes cleanly), then SIGKILL to the group if it has not exited in time. */
  stop(): Promise<Exit>;
  /** SIGKILL to the whole group (a crash: nothing is closed), waiting until none of its processes is left. */
  crash(): Promise<Exit>;
}

export interface RunningServer extends ServerProcess {
  port: number;
  url: string;
}

const live = new Set<number>();
process.on('exit', () => {
  for (const pid of live) killGroup(pid, 'SIGKILL');
});

function killGroup(pid: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false;
  }
}

const groupAlive = (pid: number) => killGroup(pid, 0 as unknown as NodeJS.Signals);

// PORT=0 is not used: the listening line must name the real port, told to the server up front.
export { freePort };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The environment of a server process: the runner's (PATH, HOME...) without any server variable, plus `env`. */
export function serverEnv(env: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const base: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (SERVER_VARIABLES.includes(key) || key.startsWith('VITEST') || key.startsWith('TEST')) continue;
    base[key] = value;
  }
  // Test clients all come from 127.0.0.1: the token rate limit is tested on its own.
  const merged: NodeJS.ProcessEnv = {
    ...base,
    HOST: '127.0.0.1',
    TENON_WEB_DIR: '/nonexistent',
    TENON_TOKEN_RATE_LIMIT: '100000',
    ...env,
  };
  for (const [key, value] of Object.entries(merged)) if (value === undefined) delete merged[key];
  return merged;
}

/** Spawns `node dist-server/main.js`; does not wait for anything. */
export function spawnServer(env: Record<string, string | undefined>): ServerProcess {
  const child: ChildProcess = spawn(process.execPath, [...SERVER_NODE_FLAGS, MAIN], {
    cwd: ROOT,
    env: serverEnv(env),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (!child.pid) throw new Error(`could not spawn ${MAIN}`);
  const pid = child.pid;
  live.add(pid);
  let out = '';
  let err = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    out += chunk;
  });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    err += chunk;
  });
  let exit: Exit | undefined;
  const exited = new Promise<Exit>((resolveExit) => {
    child.on('exit', (code, signal) => {
      exit = { code, signal };
      resolveExit(exit);
    });
  });
  // Streams may still hold output after 'exit': wait for 'close' before callers read it.
  const closed = new Promise<Exit>((resolveClose) => child.on('close', () => resolveClose(exit!)));

  const stop = async (signal: NodeJS.Signals = 'SIGTERM'): Promise<Exit> => {
    if (!exit) {
      if (signal === 'SIGKILL') killGroup(pid, 'SIGKILL');
      else
        try {
          process.kill(pid, signal);
        } catch {
          /* already gone */
        }
      const timedOut = await Promise.race([exited.then(() => false), sleep(STOP_TIMEOUT_MS).then(() => true)]);
      if (timedOut) killGroup(pid, 'SIGKILL');
    }
    const result = await closed;
    // Make sure nothing of the group survives (it would hold the port or the lock).
    const deadline = Date.now() + 5_000;
    while (groupAlive(pid) && Date.now() < deadline) await sleep(50);
    if (groupAlive(pid)) killGroup(pid, 'SIGKILL');
    live.delete(pid);
    return result;
  };

  return {
    pid,
    stdout: () => out,
    stderr: () => err,
    exited: closed,
    exit: () => exit,
    stop: () => stop('SIGTERM'),
    crash: () => stop('SIGKILL'),
  };
}

/** Why a start failed, with everything the process printed. */
export class StartError extends Error {
  constructor(
    message: string,
    readonly server: ServerProcess,
  ) {
    super(`${message}\n--- stdout ---\n${server.stdout()}\n--- stderr ---\n${server.stderr()}`);
  }
}

/** Waits for the listening line or the exit of the process, whichever comes first. */
export async function waitForReady(server: ServerProcess, timeoutMs = START_TIMEOUT_MS): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const match = READY.exec(server.stdout());
    if (match) return Number(match[1]);
    if (server.exit()) {
      await server.exited;
      const late = READY.exec(server.stdout());
      if (late) return Number(late[1]);
      throw new StartError(`server exited (${JSON.stringify(server.exit())}) before listening`, server);
    }
    await sleep(50);
  }
  await server.stop();
  throw new StartError(`server did not print the listening line within ${timeoutMs} ms`, server);
}

/** Starts a server on a free port and waits until it listens; a failed start throws with the process output. */
export async function startServer(
  env: Record<string, string | undefined>,
  timeoutMs = START_TIMEOUT_MS,
): Promise<RunningServer> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const server = spawnServer({ ...env, PORT: String(port) });
    try {
      const listening = await waitForReady(server, timeoutMs);
      if (listening !== port) {
        await server.stop();
        throw new StartError(`server listens on ${listening}, expected ${port}`, server);
      }
      return { ...server, port, url: `http://127.0.0.1:${port}` };
    } catch (error) {
      await server.stop();
      // The free port may have been taken between the probe and the listen: try once more on another one.
      if (attempt < 2 && /EADDRINUSE/.test(server.stderr() + server.stdout())) continue;
      throw error;
    }
  }
}

/** Runs a server that is expected to refuse to start: its exit and output (it is killed if it starts instead). */
export async function runUntilExit(env: Record<string, string | undefined>, timeoutMs = START_TIMEOUT_MS) {
  const server = spawnServer({ PORT: String(await freePort()), ...env });
  const exit = await Promise.race([server.exited, sleep(timeoutMs).then(() => undefined)]);
  if (!exit) {
    await server.stop();
    throw new StartError(`server still running after ${timeoutMs} ms`, server);
  }
  await server.stop();
  return { ...exit, stdout: server.stdout(), stderr: server.stderr() };
}

// ---- HTTP over a real port (Node's fetch) ----

export interface HttpResult {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test reads any route's JSON answer
  body: any;
  text: string;
}

async function call(url: string, init: RequestInit): Promise<HttpResult> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: response.status, body, text };
}

const tokenHeaders = (tenantId: string) => ({ authorization: BASIC_SABER, 'tenant-id': tenantId });

/** The password grant as the console sends it (password as md5 hex). */
export function login(base: string, account = 'admin', password = 'admin', tenantId = '000000'): Promise<HttpResult> {
  const query = new URLSearchParams({
    tenantId,
    username: account,
    password: md5(password),
    grant_type: 'password',
    scope: 'all',
  });
  return call(`${base}/api/blade-auth/oauth/token?${query}`, { method: 'POST', headers: tokenHeaders(tenantId) });
}

export function refresh(base: string, refreshToken: string, tenantId = '000000'): Promise<HttpResult> {
  const query = new URLSearchParams({
    tenantId,
    refresh_token: refreshToken,
    grant_type: 'refresh_token',
    scope: 'all',
  });
  return call(`${base}/api/blade-auth/oauth/token?${query}`, { method: 'POST', headers: tokenHeaders(tenantId) });
}

export function get(base: string, path: string, token?: string): Promise<HttpResult> {
  return call(`${base}${path}`, { headers: token ? { 'blade-auth': `bearer ${token}` } : {} });
}

/** A JSON body POST, as the console's submit sends it. */
export function post(base: string, path: string, token: string, body: unknown): Promise<HttpResult> {
  return call(`${base}${path}`, {
    method: 'POST',
    headers: { 'blade-auth': `bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

export const userInfo = (base: string, token: string) => get(base, '/api/blade-auth/oauth/user-info', token);
export const logout = (base: string, token: string) => get(base, '/api/blade-auth/oauth/logout', token);

/** Logs in and returns the token response, throwing with the body when the login fails. */
export async function tokenOf(
  base: string,
  account = 'admin',
  password = 'admin',
  tenantId = '000000',
): Promise<{ access_token: string; refresh_token: string; user_id: string }> {
  const res = await login(base, account, password, tenantId);
  if (res.status !== 200 || !res.body?.access_token)
    throw new Error(`login on ${base} failed: ${res.status} ${res.text}`);
  return res.body;
}

/** Waits until the process has printed `pattern` (stdout or stderr), or fails with what it printed. */
export async function waitForOutput(server: ServerProcess, pattern: RegExp, timeoutMs = START_TIMEOUT_MS) {
  const deadline = Date.now() + timeoutMs;
  while (!pattern.test(server.stdout() + server.stderr())) {
    if (server.exit() || Date.now() > deadline)
      throw new StartError(`${pattern} not printed (${server.exit() ? 'process exited' : 'timed out'})`, server);
    await sleep(25);
  }
}

export interface CommandResult extends Exit {
  stdout: string;
  stderr: string;
}

/** Runs one of the built server's commands (`node dist-server/<name>.js args`, as its npm script does). */
export function runCommand(
  name: string,
  args: string[],
  env: Record<string, string | undefined>,
  timeoutMs = START_TIMEOUT_MS,
): Promise<CommandResult> {
  const child = spawn(process.execPath, [`dist-server/${name}.js`, ...args], {
    cwd: ROOT,
    env: serverEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: timeoutMs,
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolveRun, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => resolveRun({ code, signal, stdout, stderr }));
  });
}
