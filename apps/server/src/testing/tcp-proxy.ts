import { connect, createServer, type Server, type Socket } from 'node:net';
import { freePort } from './smtp-sink';

export interface TcpProxy {
  port: number;
  /** Drops every connection and refuses new ones: the database is gone, as far as the client knows. */
  cut(): Promise<void>;
  /** Takes connections again, on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A TCP relay between the server and its database that the test can cut and restore: PostgreSQL
 * stopping and coming back, without stopping a PostgreSQL that others share.
 */
export async function tcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const port = await freePort();
  const sockets = new Set<Socket>();
  let server: Server | undefined;

  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const listen = async () => {
    const listening = createServer((client) => {
      const upstream = connect(target.port, target.host);
      track(client);
      track(upstream);
      client.pipe(upstream);
      upstream.pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => listening.listen(port, '127.0.0.1', resolve));
    server = listening;
  };
  const cut = async () => {
    const open = server;
    server = undefined;
    for (const socket of sockets) socket.destroy();
    if (open) await new Promise<void>((resolve) => open.close(() => resolve()));
  };
  await listen();
  return { port, cut, restore: listen, close: cut };
}
