import os from 'node:os';
import { expect } from 'chai';
import type { BenchContext } from '../../../bench/core/benchContext.ts';
import { run } from '../../../bench/scoreMethode.ts';

describe('score-methode benchmark without its data', () => {
  it('says where to download the Polish files and exits 2', async () => {
    const lines: string[] = [];
    const ctx = { out: (line: string) => lines.push(line) } as unknown as BenchContext;
    const code = await run(['--data', os.tmpdir()], ctx);
    expect(code).to.equal(2);
    expect(lines.join('\n')).to.include(
      'https://archive.ics.uci.edu/dataset/365/polish+companies+bankruptcy+data',
    );
  });
});
