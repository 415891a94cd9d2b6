/**
 * A TCP relay to a server that can stop admitting new connections, leaving those open working (what a client that
 * reconnects sees of a partition: its next attempts are refused), or cut them all (an outage).
 */
import { connect, createServer, type Socket } from 'node:net';
import { freePort } from './server-process.js';

export type TcpGate = {
  /** The relay's port on 127.0.0.1. */
  port: number;
  /** New connections are refused from now on; open ones are left alone. */
  refuse: () => Promise<void>;
  /** New connections are refused and open ones ended: an outage. */
  cut: () => Promise<void>;
  /** New connections are relayed again. */
  admit: () => Promise<void>;
  close: () => Promise<void>;
};

/** A relay on a free port of 127.0.0.1 to `host`:`port`. */
export async function tcpGate(host: string, port: number): Promise<TcpGate> {
  const sockets = new Set<Socket>();
  const server = createServer((inbound) => {
    const outbound = connect(port, host);
    for (const s of [inbound, outbound]) {
      sockets.add(s);
      s.on('error', () => {}).on('close', () => sockets.delete(s));
    }
    inbound.pipe(outbound).pipe(inbound);
  });
  const own = await freePort();
  const admit = () => new Promise<void>((resolve) => server.listen(own, '127.0.0.1', resolve));
  await admit();
  return {
    port: own,
    // Stops listening at once; close's callback would wait for every open connection to end.
    refuse: async () => void server.close(),
    cut: async () => {
      if (server.listening) server.close();
      for (const s of sockets) s.destroy();
    },
    admit,
    close: async () => {
      for (const s of sockets) s.destroy();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
