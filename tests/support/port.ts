import { Socket } from 'node:net';

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
