import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { registresArgv } from '../../support/serveProcess.ts';

/** `registres …` in a child process, without the configuration of the shell running the tests. */
function registres(args: string[], env: NodeJS.ProcessEnv = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'registres-record-cli-'));
  try {
    const base = Object.fromEntries(
      Object.entries(process.env).filter(([k]) => !k.startsWith('LIVE_') && k !== 'DATABASE_URL'),
    );
    const r = spawnSync(process.execPath, registresArgv(args), {
      env: { ...base, DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env },
      encoding: 'utf8',
      timeout: 120_000,
    });
    return { status: r.status, out: `${r.stdout}${r.stderr}` };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

describe('registres record (a child process)', function () {
  this.timeout(180_000);

  it('record --help lists hr-sudreg; record hr-sudreg --help its options and where the credentials come from', () => {
    const all = registres(['--help']);
    expect(all.out).to.match(/\n\s+record\b/);
    const record = registres(['record', '--help']);
    expect(record.status).to.equal(0);
    expect(record.out).to.match(/\n\s+hr-sudreg\b/);
    const own = registres(['record', 'hr-sudreg', '--help']);
    expect(own.status).to.equal(0);
    for (const o of [
      '--out <dir>',
      '--snapshot-id <N>',
      '--tier <javni|drzavna_tijela>',
      'LIVE_CREDENTIALS_HR_SUDREG',
    ]) {
      expect(own.out).to.contain(o);
    }
  });

  it('without --out: a usage error (exit 2); without credentials: one line, exit 1', () => {
    expect(registres(['record', 'hr-sudreg']).status).to.equal(2);
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'sudreg-cli-out-'));
    try {
      const r = registres(['record', 'hr-sudreg', '--out', out]);
      expect(r.status).to.equal(1);
      expect(r.out.trim()).to.equal(
        'hr-sudreg: no credentials: set LIVE_CREDENTIALS_HR_SUDREG=client_id:client_secret (registration at https://sudreg-data.gov.hr/)',
      );
    } finally {
      fs.rmSync(out, { recursive: true, force: true });
    }
  });
});
