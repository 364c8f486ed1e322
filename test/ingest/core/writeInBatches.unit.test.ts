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

  it('a key repeated after others of its group, in or out of order, keeps its later row in its first place', async () => {
    const written: string[][] = [];
    async function* rows() {
      // kind:id@version; ids arrive in order, then one comes back, then the other kind repeats out of order.
      yield* ['u:1@a', 'u:2@a', 'e:5@a', 'u:1@b', 'e:3@a', 'e:5@b', 'u:3@a'];
    }
    await writeInBatches(rows(), {
      batchSize: 10,
      groupOf: (r) => r.split(':')[0]!,
      keyOf: (r) => r.split(':')[1]!.split('@')[0]!,
      write: async (batch) => {
        written.push(batch);
      },
    });
    expect(written).to.deep.equal([['u:1@b', 'u:2@a', 'e:5@b', 'e:3@a', 'u:3@a']]);
  });

  it('the same id in two groups is two rows', async () => {
    const written: string[][] = [];
    async function* rows() {
      yield* ['u:1', 'e:1', 'u:2', 'e:1'];
    }
    await writeInBatches(rows(), {
      batchSize: 10,
      groupOf: (r) => r.split(':')[0]!,
      keyOf: (r) => r.split(':')[1]!,
      write: async (batch) => {
        written.push(batch);
      },
    });
    expect(written).to.deep.equal([['u:1', 'e:1', 'u:2']]);
  });
});
