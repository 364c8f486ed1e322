import net from 'node:net';

export interface TcpProxy {
  port: number;
  /** Cuts every connection and stops accepting: from the client's side, the database went away. */
  cut(): Promise<void>;
}

/** A loopback TCP relay in front of a database, so a test can take the database away under a running server. */
export async function startTcpProxy(
  target: { host: string; port: number },
  /** The port to listen on; default a free one. */
  port = 0,
): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target);
    sockets.add(client);
    sockets.add(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  const address = server.address() as net.AddressInfo;
  return {
    port: address.port,
    async cut() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
    },
  };
}
