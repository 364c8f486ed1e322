import { expect } from 'chai';
import { mayWalkIndex, pageSql, WALK_ROWS_MAX, whereOf } from '../../../api/lister/buildListQuery.ts';
import { parseCriteria } from '../../../api/lister/parseCriteria.ts';
import { parseSort } from '../../../api/lister/parseSort.ts';
import { numberedPlaceholders } from '../../../api/lister/runListQuery.ts';

describe('lister page plan: walk the SIREN index or sort the matches', () => {
  const where = whereOf(
    parseCriteria(JSON.stringify([{ champ: 'siege.departement', op: '=', valeur: '75' }])),
  );

  it('walks the key when a page of matches lies within the first rows of the walk', () => {
    // 2,409 matches among 1,000,000 companies: a page of 100 after about 41,500 rows.
    expect(mayWalkIndex(100, { matches: 2_409, tableRows: 1_000_000 })).to.equal(true);
  });

  it('sorts the matches when they are too rare for a walk to find a page quickly', () => {
    // 157 matches among 1,000,000: a walk would read about 637,000 rows.
    expect(mayWalkIndex(100, { matches: 157, tableRows: 1_000_000 })).to.equal(false);
  });

  it('weighs deep pages by how far the walk must go', () => {
    const counted = { matches: 50_000, tableRows: 1_000_000 };
    expect(mayWalkIndex(100, counted)).to.equal(true);
    expect(mayWalkIndex(10_000, counted)).to.equal(false);
  });

  it('walks a table not yet analyzed (size unknown) only as far as the bound allows', () => {
    expect(mayWalkIndex(100, { matches: 40, tableRows: -1 })).to.equal(true);
    expect(mayWalkIndex(WALK_ROWS_MAX + 1, { matches: WALK_ROWS_MAX + 1, tableRows: -1 })).to.equal(false);
  });

  it('never walks for no match', () => {
    expect(mayWalkIndex(100, { matches: 0, tableRows: 1_000_000 })).to.equal(false);
  });

  it('orders by the bare key for a walk and by an expression no index covers otherwise, same order', () => {
    const sort = parseSort(undefined);
    const walk = pageSql(where, sort, 100, 0, { matches: 500_000, tableRows: 1_000_000 });
    const sorted = pageSql(where, sort, 100, 0, { matches: 157, tableRows: 1_000_000 });
    expect(walk.sql).to.match(/order by "siren" asc limit/);
    expect(sorted.sql).to.match(/order by \("siren" \|\| ''\) asc limit/);
    expect(sorted.bindings).to.deep.equal(walk.bindings);
  });

  it('numbers one placeholder per bound value, in order', () => {
    const w = whereOf(
      parseCriteria(
        JSON.stringify([
          { champ: 'identite.naf', op: 'commence_par', valeur: '62' },
          { champ: 'finances.ca', op: 'entre', valeur: [1, 2] },
          { champ: 'siege.departement', op: 'in', valeur: ['75', '92'] },
        ]),
      ),
    );
    const sql = numberedPlaceholders(
      pageSql(w, parseSort(undefined), 100, 0, { matches: 1, tableRows: 1 }).sql,
    );
    const numbers = [...sql.matchAll(/\$(\d+)/g)].map((m) => Number(m[1]));
    expect(numbers).to.deep.equal(Array.from({ length: w.bindings.length + 2 }, (_, i) => i + 1));
    expect(sql).not.to.include('?');
  });
});
