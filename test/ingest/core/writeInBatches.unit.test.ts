import { expect } from 'chai';
import { writeInBatches } from '../../../ingest/core/writeInBatches.ts';

describe('Writing rows in batches', () => {
  it('rows that fail half-way are told only once the write in flight has ended', async () => {
    let finishWrite!: () => void;
    const written: string[][] = [];
    let writeEnded = false;
    async function* rows() {
      yield 'a';
      yield 'b';
      throw new Error('the file ended early');
    }
    const outcome = writeInBatches(rows(), {
      batchSize: 2,
      keyOf: (r) => r,
      write: (batch) =>
        new Promise<void>((resolve) => {
          written.push(batch);
          finishWrite = () => {
            writeEnded = true;
            resolve();
          };
        }),
    });
    let toldAt: boolean | null = null;
    const told = outcome.catch((err: Error) => {
      toldAt = writeEnded;
      return err;
    });
    // Let the reading reach its failure while the first batch's write is still open.
    for (let i = 0; i < 20 && toldAt === null; i++) await Promise.resolve();
    expect(toldAt).to.equal(null);
    finishWrite();
    const err = await told;
    expect((err as Error).message).to.equal('the file ended early');
    expect(toldAt).to.equal(true);
    expect(written).to.deep.equal([['a', 'b']]);
  });

  it('a later row wins within a batch, and batches are written in order', async () => {
    const written: string[][] = [];
    async function* rows() {
      yield* ['a1', 'a2', 'b1', 'c1'];
    }
    await writeInBatches(rows(), {
      batchSize: 2,
      keyOf: (r) => r[0]!,
      write: async (batch) => {
        written.push(batch);
      },
    });
    expect(written).to.deep.equal([['a2', 'b1'], ['c1']]);
  });
});
