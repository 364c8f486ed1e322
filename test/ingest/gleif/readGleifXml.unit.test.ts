import fs from 'node:fs/promises';
import { Readable } from 'node:stream';
import { expect } from 'chai';
import { GLEIF_DEMO_DELTAS, GLEIF_DEMO_FILES } from '../../../ingest/gleif/gleifDemo.ts';
import { FIELDS_OF, type GleifRole, RECORD_ELEMENT } from '../../../ingest/gleif/gleifRecords.ts';
import { readGleifXmlRecords } from '../../../ingest/gleif/readGleifXml.ts';
import type { GleifRecord } from '../../../schemas/events/gleifEvents.ts';

/** The text cut into chunks of `size` characters (a chunk may end inside a tag, a name or an entity). */
const chunked = (text: string, size: number) =>
  Readable.from(
    Array.from({ length: Math.ceil(text.length / size) }, (_, i) => text.slice(i * size, (i + 1) * size)),
  );

async function recordsOf(role: GleifRole, input: Readable): Promise<GleifRecord[]> {
  const out: GleifRecord[] = [];
  for await (const batch of readGleifXmlRecords(input, RECORD_ELEMENT[role], FIELDS_OF[role]))
    out.push(...batch.map((b) => b.record));
  return out;
}

/** A real relationship record of the demo delta (rr-updates-data2.xml), its first one. */
async function firstRelationship(): Promise<string> {
  const text = await fs.readFile(GLEIF_DEMO_DELTAS.rr[0]!, 'utf8');
  return text.slice(0, text.indexOf('</rr:RelationshipRecord>') + '</rr:RelationshipRecord>'.length);
}
const closeRr = '\n</rr:RelationshipRecords></rr:RelationshipData>\n';

describe('GLEIF XML reader (records gathered as the parser streams)', () => {
  it('reads the same records whatever the chunks the file arrives in', async () => {
    for (const [role, file] of [
      ['lei2', GLEIF_DEMO_FILES.lei2],
      ['rr', GLEIF_DEMO_DELTAS.rr[0]!],
      ['repex', GLEIF_DEMO_DELTAS.repex[0]!],
    ] as const) {
      const text = await fs.readFile(file, 'utf8');
      const whole = await recordsOf(role, chunked(text, text.length));
      expect(whole.length, role).to.be.greaterThan(5);
      for (const size of [1, 7, 4096])
        expect(await recordsOf(role, chunked(text, size)), `${role} ${size}`).to.deep.equal(whole);
    }
  });

  it('gives each record the line its start tag opens on, whatever the chunks, a line break after its name too', async () => {
    const text = await fs.readFile(GLEIF_DEMO_FILES.lei2, 'utf8');
    const starts = (t: string) =>
      t.split('\n').flatMap((l, i) => (/^\s*<lei:LEIRecord(\s|>|$)/.test(l) ? [i + 1] : []));
    const linesOf = async (t: string, size: number) => {
      const lines: number[] = [];
      for await (const batch of readGleifXmlRecords(chunked(t, size), RECORD_ELEMENT.lei2, FIELDS_OF.lei2))
        lines.push(...batch.map((b) => b.line));
      return lines;
    };
    expect(starts(text)).to.have.length.greaterThan(5);
    for (const size of [1, 7, 4096]) expect(await linesOf(text, size), `${size}`).to.deep.equal(starts(text));
    // The same records, each start tag's attributes moved to the next line.
    const broken = text.replaceAll('<lei:LEIRecord xmlns', '<lei:LEIRecord\n xmlns');
    for (const size of [1, 4096])
      expect(await linesOf(broken, size), `${size}`).to.deep.equal(starts(broken));
  });

  it('gives each record its fields in canonical order (keys sorted), as the pass digests and logs them', async () => {
    for (const record of await recordsOf(
      'lei2',
      chunked(await fs.readFile(GLEIF_DEMO_FILES.lei2, 'utf8'), 65536),
    )) {
      const keys = Object.keys(record);
      expect(keys).to.deep.equal([...keys].sort());
    }
  });

  it('numbers only the items that hold a value, reads the first element of a path, decodes entities and CDATA', async () => {
    const real = await firstRelationship();
    const edited = real
      // An empty period before the real one: skipped, the real one stays number 1.
      .replace(
        '<rr:RelationshipPeriod>',
        '<rr:RelationshipPeriod><rr:StartDate> </rr:StartDate></rr:RelationshipPeriod><rr:RelationshipPeriod>',
      )
      // A second relationship type: the first one is the record's.
      .replace(
        '</rr:RelationshipType>',
        '</rr:RelationshipType><rr:RelationshipType>IS_ULTIMATELY_CONSOLIDATED_BY</rr:RelationshipType>',
      )
      .replace('OTHER_OFFICIAL_DOCUMENTS', 'OTHER_OFFICIAL&amp;<![CDATA[_DOCUMENTS]]>');
    const [record] = await recordsOf('rr', chunked(`${edited}${closeRr}`, 5));
    expect(record).to.deep.equal({
      'Registration.InitialRegistrationDate': '2014-09-23T00:00:00+02:00',
      'Registration.LastUpdateDate': '2023-08-17T08:31:04.159+02:00',
      'Registration.ManagingLOU': '097900BEFH0000000217',
      'Registration.NextRenewalDate': '2024-09-26T00:00:00+02:00',
      'Registration.RegistrationStatus': 'PUBLISHED',
      'Registration.ValidationDocuments': 'OTHER_OFFICIAL&_DOCUMENTS',
      'Registration.ValidationSources': 'FULLY_CORROBORATED',
      'Relationship.EndNode.NodeID': '097900BHF50000076475',
      'Relationship.EndNode.NodeIDType': 'LEI',
      'Relationship.Period.1.periodType': 'RELATIONSHIP_PERIOD',
      'Relationship.Period.1.startDate': '2005-03-23T08:00:00+01:00',
      'Relationship.RelationshipStatus': 'ACTIVE',
      'Relationship.RelationshipType': 'IS_FUND-MANAGED_BY',
      'Relationship.StartNode.NodeID': '097900BEJX0000002337',
      'Relationship.StartNode.NodeIDType': 'LEI',
    });
  });

  it('a file cut inside a record fails, whatever was read before it', async () => {
    const real = await firstRelationship();
    const cut = `${real}\n${real.slice(0, real.length / 2)}`;
    const error = await recordsOf('rr', chunked(cut, 1024)).catch((e: Error) => e);
    expect(error).to.be.instanceOf(Error);
  });
});
