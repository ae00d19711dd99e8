import { createServer, Socket } from 'node:net';

/** Whether something listens on 127.0.0.1:`port` (a local service a test needs, such as MariaDB), within a second. */
export function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (up: boolean) => {
      socket.destroy();
      resolve(up);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('connect', () => done(true)).once('error', () => done(false));
    socket.connect(port, '127.0.0.1');
  });
}

/**
 * A port that was free a moment ago, for a process that must be told its port up front (a server whose listening
 * line names it, a PostgreSQL's port setting): the caller retries on another one if it was taken meanwhile.
 */
export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}
