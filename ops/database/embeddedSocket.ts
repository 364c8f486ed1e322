/** Where a running embedded host publishes its socket, so other processes reach it instead of opening the files. */
export const EMBEDDED_SOCKET_FILE = 'embedded-socket.json';

/** What that file holds: the loopback address of the host's socket, and the process that serves it. */
export interface EmbeddedSocketInfo {
  host: string;
  port: number;
  pid: number;
  startedAt: string;
}
