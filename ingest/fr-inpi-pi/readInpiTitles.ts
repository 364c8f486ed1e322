import type {
  InpiHolders,
  InpiHoldersFrom,
  InpiPatentRecord,
  InpiTrademarkRecord,
} from '../../schemas/events/frInpiPiEvents.ts';
import { isLuhnValid } from '../../schemas/params/luhn.ts';
import { childrenNamed, descend, textAt, type XmlElement } from '../core/xmlTree.ts';

/** The XML elements that are one title each. */
export const TRADEMARK_ELEMENT = 'TradeMark';
export const PATENT_ELEMENT = 'fr-patent-document';

/**
 * Elements of a title the readers below never look into, left out of its tree (xmlElementsNamed `skip`): a
 * mark's goods and services, its representatives, its holders' and applicants' address books (names and
 * addresses); a patent's inventors, agents, classification and life events. Only their names as the real
 * records have them (test/fixtures/fr-inpi-pi).
 */
export const UNREAD_ELEMENTS: ReadonlySet<string> = new Set([
  'GoodsServicesDetails',
  'RepresentativeDetails',
  'fr-CurrentHolderAddressBook',
  'ApplicantAddressBook',
  'inventors',
  'agents',
  'classification-ipc',
  'fr-patent-life',
]);

const SIREN = /^\d{9}$/;

/** A holder's identifier when it is a SIREN (9 digits passing the Luhn check), else null. */
function sirenOf(value: string | null): string | null {
  const v = value?.replace(/\s/g, '') ?? '';
  return SIREN.test(v) && isLuhnValid(v) ? v : null;
}

function holders(from: InpiHoldersFrom | null, sirens: (string | null)[]): InpiHolders {
  const identified = sirens.filter((s): s is string => s !== null);
  return {
    HolderSirens: [...new Set(identified)],
    HoldersUnidentified: sirens.length - identified.length,
    HoldersFrom: from,
  };
}

/**
 * A mark's holders: the current holders (`fr-CurrentHolderDetails/fr-CurrentHolder`) when INPI publishes
 * them, else the applicants (`ApplicantDetails/Applicant`). A holder's SIREN is its identifier of kind `FR`
 * (or of no kind) when it is not a natural person (`PersonType="PP"`): a natural person's identifier is never
 * kept. Names, addresses and representatives are never read.
 */
function trademarkHolders(mark: XmlElement): InpiHolders {
  const current = childrenNamed(descend(mark, 'fr-CurrentHolderDetails'), 'fr-CurrentHolder');
  const [from, list, idName]: [InpiHoldersFrom, XmlElement[], string] =
    current.length > 0
      ? ['fr-CurrentHolder', current, 'fr-CurrentHolderIdentifier']
      : ['Applicant', childrenNamed(descend(mark, 'ApplicantDetails'), 'Applicant'), 'ApplicantIdentifier'];
  if (list.length === 0) return holders(null, []);
  return holders(
    from,
    list.map((h) => {
      if (h.attributes.PersonType === 'PP') return null;
      const id = descend(h, idName);
      const kind = id?.attributes.identifierKindCode;
      return kind === undefined || kind === 'FR' ? sirenOf(textAt(id)) : null;
    }),
  );
}

/** A `TradeMark` element as the event's record; null without an application number. */
export function readInpiTrademark(mark: XmlElement): { id: string; record: InpiTrademarkRecord } | null {
  const number = textAt(mark, 'ApplicationNumber');
  if (!number) return null;
  const office = textAt(mark, 'RegistrationOfficeCode');
  return {
    id: `${office ?? 'FR'}${number}`,
    record: {
      RegistrationOfficeCode: office,
      ApplicationNumber: number,
      ApplicationDate: textAt(mark, 'ApplicationDate'),
      ExpiryDate: textAt(mark, 'ExpiryDate'),
      MarkCurrentStatusCode: textAt(mark, 'MarkCurrentStatusCode'),
      MarkFeature: textAt(mark, 'MarkFeature'),
      MarkVerbalElementText: textAt(mark, 'WordMarkSpecification', 'MarkVerbalElementText'),
      ...trademarkHolders(mark),
    },
  };
}

/** ST.66 `operationCode="Delete"`: the mark is withdrawn from the office's data. */
export const isTrademarkDeletion = (mark: XmlElement): boolean => mark.attributes.operationCode === 'Delete';

/**
 * A patent's holders: the owners of record (`fr-owners/fr-owner`, after the transfers INPI records) when
 * published, else the applicants (`parties/applicants/applicant`). An address book's `iid` is a SIREN when it
 * has 9 digits passing the Luhn check and the address book names no first name (a first name is a person's).
 * Inventors and agents are never read.
 */
function patentHolders(biblio: XmlElement | undefined): InpiHolders {
  const owners = childrenNamed(descend(biblio, 'fr-owners'), 'fr-owner');
  const [from, list]: [InpiHoldersFrom, XmlElement[]] =
    owners.length > 0
      ? ['fr-owner', owners]
      : ['applicant', childrenNamed(descend(biblio, 'parties', 'applicants'), 'applicant')];
  if (list.length === 0) return holders(null, []);
  return holders(
    from,
    list.map((h) => {
      const book = descend(h, 'addressbook');
      if (textAt(book, 'first-name') !== null) return null;
      return sirenOf(textAt(book, 'iid'));
    }),
  );
}

/** `19930615` → `1993-06-15`; another form is kept as published. */
function isoDate(value: string | null): string | null {
  if (value && /^\d{8}$/.test(value)) return `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}`;
  return value;
}

/** A `fr-patent-document` element as the event's record; null without the application's number. */
export function readInpiPatent(doc: XmlElement): { id: string; record: InpiPatentRecord } | null {
  const biblio = descend(doc, 'fr-bibliographic-data');
  const id =
    doc.attributes.id?.trim() || textAt(biblio, 'application-reference', 'document-id', 'doc-number');
  if (!id) return null;
  return {
    id,
    record: {
      id,
      'doc-number': doc.attributes['doc-number']?.trim() || null,
      kind: doc.attributes.kind?.trim() || null,
      status: doc.attributes.status?.trim() || null,
      'application-date': isoDate(textAt(biblio, 'application-reference', 'document-id', 'date')),
      'invention-title': textAt(biblio, 'invention-title'),
      ...patentHolders(biblio),
    },
  };
}
