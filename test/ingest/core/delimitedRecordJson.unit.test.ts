import { Readable } from 'node:stream';
import { expect } from 'chai';
import { delimitedRecordJson } from '../../../ingest/core/delimitedRecordJson.ts';
import { readDelimitedFields, readDelimitedNumbered } from '../../../ingest/core/readDelimited.ts';
import { canonicalJson } from '../../../ops/json/canonicalJson.ts';

/** The same text read as records (then canonicalJson) and as fields (then the writer). */
async function bothWays(
  text: string,
  opts: { drop?: string[]; members?: Record<string, unknown> } = {},
): Promise<{ canonical: string[]; written: string[] }> {
  const canonical: string[] = [];
  for await (const { record } of readDelimitedNumbered(Readable.from([text]), { delimiter: ';' })) {
    const kept: Record<string, unknown> = { ...record };
    for (const name of opts.drop ?? []) delete kept[name];
    canonical.push(canonicalJson({ ...kept, ...opts.members }));
  }
  const written: string[] = [];
  let columns: string[] = [];
  const memberNames = Object.keys(opts.members ?? {});
  const given = Object.fromEntries(
    Object.entries(opts.members ?? {}).map(([name, value]) => [name, canonicalJson(value)]),
  );
  for await (const { fields } of readDelimitedFields(Readable.from([text]), {
    delimiter: ';',
    onHeader: (c) => {
      columns = c;
    },
  })) {
    written.push(
      delimitedRecordJson(columns, { drop: opts.drop ?? [], members: memberNames }).json(fields, given),
    );
  }
  return { canonical, written };
}

describe('A delimited row written as its record’s canonical JSON', () => {
  it('writes the bytes canonicalJson writes of the record: keys sorted, empty fields null', async () => {
    const { canonical, written } = await bothWays('zeta;alpha;"Mid"\n"a\\""b";;é ü\n1;2;3\n');
    expect(written).to.deep.equal(canonical);
    expect(written[0]).to.equal('{"Mid":"é ü","alpha":null,"zeta":"a\\\\\\"b"}');
  });

  it('a short row lacks its missing columns; a column named twice holds the last field the row reaches', async () => {
    const { canonical, written } = await bothWays('a;b;a;c\n1;2;3;4\n1;2\n\n5\n');
    expect(written).to.deep.equal(canonical);
    expect(written).to.deep.equal(['{"a":"3","b":"2","c":"4"}', '{"a":"1","b":"2"}', '{"a":"5"}']);
  });

  it('leaves out the dropped columns and puts the members, as given, in their sorted place', async () => {
    const members = {
      rubriques: [{ numero: '4511', quantite: null }],
      inspections: [],
      mid: { z: 1, a: 'x' },
    };
    const { canonical, written } = await bothWays('code;nom;rubriques;ville\n"0001";Dupont;x;Ambès\n', {
      drop: ['nom'],
      members,
    });
    expect(written).to.deep.equal(canonical);
    expect(written[0]).to.not.include('Dupont');
  });

  it('reads a column’s value as the record holds it', () => {
    const writer = delimitedRecordJson(['a', 'b', 'a']);
    expect(writer.valueOf(['1', '', '3'], 'a')).to.equal('3');
    expect(writer.valueOf(['1', ''], 'a')).to.equal('1');
    expect(writer.valueOf(['1', ''], 'b')).to.equal(null);
    expect(writer.valueOf(['1'], 'b')).to.equal(undefined);
    expect(writer.valueOf(['1'], 'z')).to.equal(undefined);
  });
});
