import net from 'node:net';
import { expect } from 'chai';
import { type ServeProcess, startServeProcess } from '../../support/serveProcess.ts';

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('registres serve: a request before the database is ready', function () {
  this.timeout(180_000);
  let serve: ServeProcess;
  before(async () => {
    // A database not reached yet: a server down at start, which the service waits for while it listens.
    serve = await startServeProcess({
      ...process.env,
      DATABASE_URL: `postgres://postgres@127.0.0.1:${await closedPort()}/registres`,
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
    });
  });
  after(async () => {
    await serve?.stop();
  });

  it('answers 503 base_indisponible with Retry-After, never charged', async () => {
    const res = await fetch(`${serve.baseUrl}/v1/entreprise/005420021`);
    expect(res.status).to.equal(503);
    expect(res.headers.get('retry-after')).to.equal('5');
    expect(await res.json()).to.include({ error: 'base_indisponible', motif_panne: 'base_indisponible' });
  });

  it('logs it in one line, the request’s own with its code, and no stack trace', async () => {
    const res = await fetch(`${serve.baseUrl}/v1/entreprise/005420021`, {
      headers: { 'X-Request-Id': 'before-ready-1' },
    });
    await res.arrayBuffer();
    await serve.printed(/"requestId":"before-ready-1"[^\n]*"msg":"request"/);
    const lines = serve
      .output()
      .split('\n')
      .filter((line) => line.includes('before-ready-1'));
    expect(lines).to.have.length(1);
    expect(JSON.parse(lines[0]!)).to.include({ status: 503, code: 'base_indisponible', msg: 'request' });
    expect(serve.output()).to.not.match(/\n\s+at /);
  });
});
