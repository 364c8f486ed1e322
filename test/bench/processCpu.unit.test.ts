import { createHash } from 'node:crypto';
import { expect } from 'chai';
import { mainThreadCpuSeconds, processCpuSeconds } from '../../bench/core/processCpu.ts';

describe('Benchmark CPU accounting from /proc', () => {
  it("reads this process's CPU seconds, which grow with the work it does", async function () {
    const before = await processCpuSeconds(process.pid);
    if (before === null) return this.skip(); // not Linux: the benchmark prints n/a
    // Hashing until the counter has moved (its unit is a hundredth of a second), whatever the machine's speed.
    let after = before;
    while (after.own <= before.own) {
      for (let i = 0; i < 10_000; i++) createHash('sha256').update(String(i)).digest();
      after = (await processCpuSeconds(process.pid)) ?? before;
    }
    expect(after.own).to.be.greaterThan(before.own);
    expect(after.children).to.be.at.least(before.children);
  });

  it("reads the main thread's CPU seconds apart: they grow with its work and stay within the process's", async function () {
    const before = await mainThreadCpuSeconds();
    if (before === null) return this.skip();
    let after = before;
    while (after <= before) {
      for (let i = 0; i < 10_000; i++) createHash('sha256').update(String(i)).digest();
      after = (await mainThreadCpuSeconds()) ?? before;
    }
    const processAfter = await processCpuSeconds(process.pid);
    expect(after).to.be.greaterThan(before);
    expect(after).to.be.at.most(processAfter!.own);
  });

  it('says null for a process that does not exist', async () => {
    expect(await processCpuSeconds(2 ** 22 + 1)).to.equal(null);
  });
});
