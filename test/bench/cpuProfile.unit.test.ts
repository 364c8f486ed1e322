import { expect } from 'chai';
import { type CpuProfile, selfTimeByFunction } from '../../bench/core/cpuProfile.ts';

describe('Benchmark CPU profiles: self time by function', () => {
  // Three sampled frames: the delta after each sample is that sample's time.
  const profile: CpuProfile = {
    nodes: [
      { id: 1, callFrame: { functionName: '(root)', url: '', lineNumber: -1 } },
      { id: 2, callFrame: { functionName: 'parse', url: 'file:///app/lib/parser.js', lineNumber: 9 } },
      { id: 3, callFrame: { functionName: '', url: 'file:///app/lib/parser.js', lineNumber: 40 } },
      { id: 4, callFrame: { functionName: '(garbage collector)', url: '', lineNumber: -1 } },
    ],
    startTime: 0,
    endTime: 1000,
    samples: [2, 3, 2, 4, 2],
    timeDeltas: [0, 100, 200, 300, 400, 500],
  };

  it('adds each sample the time that follows it, by function, file and line, largest first', () => {
    const self = selfTimeByFunction(profile);
    expect([...self.entries()]).to.deep.equal([
      ['parse parser.js:10', 100 + 300 + 500],
      ['(garbage collector)', 400],
      ['(anonymous) parser.js:41', 200],
    ]);
  });
});
