import { connect, createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { sleep } from './net.ts';

/**
 * A TCP proxy in front of the Salla sandbox that can make Salla unreachable: `refuse(ms)` drops
 * every open connection and closes the port (the API's calls meet ECONNREFUSED), `reset(ms)`
 * accepts connections and cuts them at once (ECONNRESET, no answer).
 */
export interface FaultProxy {
  url: string;
  refuse(ms: number): Promise<void>;
  reset(ms: number): Promise<void>;
  readonly stats: { refusals: number; resets: number; cut: number };
  close(): Promise<void>;
}

export async function startFaultProxy(target: string): Promise<FaultProxy> {
  const upstream = new URL(target);
  const sockets = new Set<Socket>();
  let cutting = false;
  const stats = { refusals: 0, resets: 0, cut: 0 };
  const server = createServer((client) => {
    if (cutting) {
      stats.cut += 1;
      client.resetAndDestroy();
      return;
    }
    const remote = connect(Number(upstream.port), upstream.hostname);
    sockets.add(client);
    sockets.add(remote);
    const end = () => {
      client.destroy();
      remote.destroy();
      sockets.delete(client);
      sockets.delete(remote);
    };
    client.on('error', end).on('close', end);
    remote.on('error', end).on('close', end);
    client.pipe(remote).pipe(client);
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(0);
  const { port } = server.address() as AddressInfo;
  const dropAll = () => {
    for (const s of sockets) s.destroy();
    sockets.clear();
  };
  return {
    url: `http://127.0.0.1:${port}`,
    stats,
    async refuse(ms) {
      stats.refusals += 1;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      dropAll();
      await closed;
      await sleep(ms);
      await listen(port);
    },
    async reset(ms) {
      stats.resets += 1;
      cutting = true;
      dropAll();
      await sleep(ms);
      cutting = false;
    },
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      dropAll();
      await closed;
    },
  };
}
