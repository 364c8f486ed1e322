import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { expect } from 'chai';
import { type PlacedXmlElement, xmlElementsNamed } from '../../../ingest/core/xmlTree.ts';
import {
  PATENT_ELEMENT,
  readInpiPatent,
  readInpiTrademark,
  TRADEMARK_ELEMENT,
  UNREAD_ELEMENTS,
} from '../../../ingest/fr-inpi-pi/readInpiTitles.ts';
import {
  ALSTOM_TRANSPORT_TECHNOLOGIES,
  DIOR_COUTURE,
  INPI_MARK_DIOR,
  INPI_PATENT_2706406,
  INPI_PERSONS,
  weeklyTrademarks,
} from './inpiPiFixtures.ts';

const NAMES = new Set([TRADEMARK_ELEMENT, PATENT_ELEMENT]);

async function elementsOf(bytes: AsyncIterable<Buffer | string>): Promise<PlacedXmlElement[]> {
  const out: PlacedXmlElement[] = [];
  for await (const e of xmlElementsNamed(bytes, NAMES)) out.push(e);
  return out;
}

async function* inSmallChunks(text: string): AsyncGenerator<Buffer> {
  const bytes = Buffer.from(text, 'utf8');
  // 7 bytes at a time: chunks cut through tags, CDATA sections and the two bytes of « é ».
  for (let i = 0; i < bytes.length; i += 7) yield bytes.subarray(i, i + 7);
}

describe('INPI titles reader (unit)', () => {
  it('reads a real ST.66 notice: number, words, status as published, the current holder’s SIREN', async () => {
    const [mark] = await elementsOf(createReadStream(INPI_MARK_DIOR));
    expect(readInpiTrademark(mark!)).to.deep.equal({
      id: 'FR5189659',
      record: {
        RegistrationOfficeCode: 'FR',
        ApplicationNumber: '5189659',
        ApplicationDate: '2025-10-15',
        ExpiryDate: null,
        MarkCurrentStatusCode: 'Marque enregistrée',
        MarkFeature: 'Word',
        MarkVerbalElementText: 'DIOR',
        HolderSirens: [DIOR_COUTURE],
        HoldersUnidentified: 0,
        HoldersFrom: 'fr-CurrentHolder',
      },
    });
  });

  it('reads the same element whatever the byte chunks cut through', async () => {
    const text = await readFile(INPI_MARK_DIOR, 'utf8');
    const [mark] = await elementsOf(inSmallChunks(text));
    expect(readInpiTrademark(mark!)?.record).to.include({ MarkCurrentStatusCode: 'Marque enregistrée' });
  });

  it('finds every TradeMark of a file of many, whatever wraps them', async () => {
    // Two notices in ST.66's transaction wrapper (as a real ST.66 bulk file has it: SOURCE.txt).
    const notice = (await readFile(INPI_MARK_DIOR, 'utf8')).replace(/^<\?xml[^>]*>\s*/, '');
    const weekly = `<?xml version="1.0" encoding="UTF-8"?><Transaction><TradeMarkTransactionBody><TransactionContentDetails><TransactionData><TradeMarkDetails>${notice}${notice.replace(/5189659/g, '5189660')}</TradeMarkDetails></TransactionData></TransactionContentDetails></TradeMarkTransactionBody></Transaction>`;
    const marks = (await elementsOf(inSmallChunks(weekly))).map((m) => readInpiTrademark(m)?.id);
    expect(marks).to.deep.equal(['FR5189659', 'FR5189660']);
  });

  it('leaves the elements never read out of the tree; the records are the same, no name or address held', async () => {
    for (const file of [INPI_MARK_DIOR, INPI_PATENT_2706406]) {
      const text = await readFile(file, 'utf8');
      const [whole] = await elementsOf(inSmallChunks(text));
      const pruned: PlacedXmlElement[] = [];
      for await (const e of xmlElementsNamed(inSmallChunks(text), NAMES, { skip: UNREAD_ELEMENTS })) {
        pruned.push(e);
      }
      const read = (e: PlacedXmlElement) =>
        e.name === TRADEMARK_ELEMENT ? readInpiTrademark(e) : readInpiPatent(e);
      expect(read(pruned[0]!)).to.deep.equal(read(whole!));
      expect(pruned[0]!.line).to.equal(whole!.line);
      const tree = JSON.stringify(pruned);
      for (const name of UNREAD_ELEMENTS) expect(tree).not.to.include(`"name":"${name}"`);
      // A patent's owners' address books stay (their iid and first name are read): its inventors do not.
      for (const value of [...INPI_PERSONS, 'NOVAGRAAF', 'Montaigne', 'Tissus']) {
        expect(tree).not.to.include(value);
      }
    }
  });

  it('gives each title the line its start tag opens on, whatever the chunks, a tag broken after its name too', async () => {
    const weekly = await weeklyTrademarks(['6000001', '6000002', '6000003']);
    const lines = weekly.split('\n');
    // The XML declaration and the wrapper on lines 1 and 2, each notice 68 lines; from the second on, the start
    // tag's name alone on its line.
    const expected = [3, 71, 140];
    for (const at of expected) expect(lines[at - 1]).to.match(/^<TradeMark( |$)/);
    for (const bytes of [
      inSmallChunks(weekly),
      (async function* () {
        yield Buffer.from(weekly);
      })(),
    ]) {
      expect((await elementsOf(bytes)).map((m) => m.line)).to.deep.equal(expected);
    }
  });

  it('reads a real patent document: the owner of record’s SIREN, not the applicant’s nor the agent’s', async () => {
    const [doc] = await elementsOf(createReadStream(INPI_PATENT_2706406));
    expect(readInpiPatent(doc!)).to.deep.equal({
      id: '9307182',
      record: {
        id: '9307182',
        'doc-number': '2706406',
        kind: 'B1',
        status: 'INSCRI',
        'application-date': '1993-06-15',
        'invention-title': "VEHICULE ROUTIER OU FEROVIAIRE ET SON PROCEDE D'ASSEMBLAGE",
        HolderSirens: [ALSTOM_TRANSPORT_TECHNOLOGIES],
        HoldersUnidentified: 0,
        HoldersFrom: 'fr-owner',
      },
    });
  });

  it('without owners of record, the applicants hold the patent', async () => {
    const text = (await readFile(INPI_PATENT_2706406, 'utf8')).replace(/<fr-owners>[\s\S]*<\/fr-owners>/, '');
    const [doc] = await elementsOf(inSmallChunks(text));
    expect(readInpiPatent(doc!)?.record).to.deep.include({
      HolderSirens: ['389191982'],
      HoldersFrom: 'applicant',
    });
  });

  it('a natural person holding a title is counted, never identified (edited copies of the real records)', async () => {
    // The notice's holder made a natural person (PersonType PP), and the patent's owner an address book with
    // a first name, as INPI writes a person's: their identifiers are not kept.
    const mark = (await readFile(INPI_MARK_DIOR, 'utf8')).replace(
      '<fr-CurrentHolder PersonType="PM">',
      '<fr-CurrentHolder PersonType="PP">',
    );
    const [m] = await elementsOf(inSmallChunks(mark));
    expect(readInpiTrademark(m!)?.record).to.deep.include({ HolderSirens: [], HoldersUnidentified: 1 });
    const patent = (await readFile(INPI_PATENT_2706406, 'utf8')).replace(
      '<last-name>ALSTOM TRANSPORT TECHNOLOGIES</last-name>\n<first-name/>',
      '<last-name>ALSTOM TRANSPORT TECHNOLOGIES</last-name>\n<first-name>SYLVIE</first-name>',
    );
    const [p] = await elementsOf(inSmallChunks(patent));
    expect(readInpiPatent(p!)?.record).to.deep.include({ HolderSirens: [], HoldersUnidentified: 1 });
  });

  it('no record names an inventor, an agent or a representative', async () => {
    const [mark] = await elementsOf(createReadStream(INPI_MARK_DIOR));
    const [doc] = await elementsOf(createReadStream(INPI_PATENT_2706406));
    const text = JSON.stringify([readInpiTrademark(mark!), readInpiPatent(doc!)]);
    for (const person of INPI_PERSONS) expect(text).not.to.include(person);
    expect(text).not.to.include('419390463');
  });
});
