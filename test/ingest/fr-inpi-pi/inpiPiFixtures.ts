import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The real INPI records of test/fixtures/fr-inpi-pi (SOURCE.txt there). */
export const INPI_FIXTURES = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../fixtures/fr-inpi-pi',
);

/** INPI's trademark notice FR5189659 « DIOR » (ST.66, API PI), held by CHRISTIAN DIOR COUTURE. */
export const INPI_MARK_DIOR = path.join(INPI_FIXTURES, 'inpi_notice_FR5189659.xml');
export const DIOR_COUTURE = '612035832';

/**
 * INPI's patent document 2706406 (B1, application 9307182): applied for by GEC ALSTHOM TRANSPORT SA, owned
 * after a total transfer by ALSTOM TRANSPORT TECHNOLOGIES, with ALSTOM as agent and three named inventors.
 */
export const INPI_PATENT_2706406 = path.join(INPI_FIXTURES, '2706406.xml');
export const ALSTOM_TRANSPORT_TECHNOLOGIES = '752364778';
export const GEC_ALSTHOM_TRANSPORT = '389191982';
export const ALSTOM_AGENT = '419390463';

/** The natural persons these real records name: inventors, the mark's representative. */
export const INPI_PERSONS = [
  'JEUNEHOMME',
  'SYLVIE',
  'EVENNOU',
  'PATRICK',
  'HACHET',
  'JOEL',
  'Winogradsky',
  'Ericka',
];

/** Names and addresses the records publish, never kept: only SIRENs are. */
export const INPI_NAMES_AND_ADDRESSES = [
  'CHRISTIAN DIOR COUTURE',
  'NOVAGRAAF',
  'Montaigne',
  'GEC ALSTHOM TRANSPORT SA',
  'ALSTOM TRANSPORT TECHNOLOGIES',
  'KLEBER',
  'MALRAUX',
  'LA ROCHELLE',
  'POMMEROU',
  'LA JARRIE',
];

/**
 * ST.66's transaction wrapper around the `TradeMark` elements of a bulk file, as a real ST.66 bulk file has
 * it (test/fixtures/fr-inpi-pi/SOURCE.txt).
 */
const ST66_OPEN =
  '<?xml version="1.0" encoding="UTF-8"?>\n<Transaction><TradeMarkTransactionBody><TransactionContentDetails><TransactionData><TradeMarkDetails>\n';
const ST66_CLOSE =
  '</TradeMarkDetails></TransactionData></TransactionContentDetails></TradeMarkTransactionBody></Transaction>\n';

/**
 * The text of a weekly ST.66 file (`FR_FRNEWST66_<YYYY-WW>.xml`) holding the real notice FR5189659 once per
 * application number given, each as published but for its number; from the second on, its start tag broken
 * before its attributes (`<TradeMark` alone on its line), as an XML writer may.
 */
export async function weeklyTrademarks(numbers: readonly string[]): Promise<string> {
  const notice = (await readFile(INPI_MARK_DIOR, 'utf8')).replace(/^<\?xml[^>]*>\s*/, '');
  const marks = numbers.map((n, i) => {
    const mark = notice.replace('<ApplicationNumber>5189659<', `<ApplicationNumber>${n}<`);
    return i === 0 ? mark : mark.replace('<TradeMark ', '<TradeMark\n  ');
  });
  return `${ST66_OPEN}${marks.join('')}${ST66_CLOSE}`;
}
