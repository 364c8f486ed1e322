import type { TedAward, TedRecord, TedWinner } from '../../schemas/events/euTedEvents.ts';
import { childrenNamed, descend, textAt } from '../core/xmlTree.ts';
import { paragraphsOf, type TedNode } from './tedXmlNode.ts';

/** A notice read: its publication number and record; null for a notice that awards nothing (not read). */
export type TedNotice = { id: string; record: TedRecord } | null;

/** Why a file gives no notice, for the pass report. */
export class TedNoticeUnreadable extends Error {}

/**
 * The awards of a TED notice's XML: an eForms `ContractAwardNotice`, or an R2.0.9 `TED_EXPORT` whose
 * original form has an `AWARD_CONTRACT`. Other eForms notices (contract notices, prior information) and
 * R2.0.9 forms without awards give null; an older schema or a document without a publication number throws
 * TedNoticeUnreadable. Winners' names are never read.
 */
export function readTedNotice(root: TedNode): TedNotice {
  if (root.name === 'ContractAwardNotice') return readEformsNotice(root);
  if (root.name === 'TED_EXPORT') return readR209Notice(root);
  if (/Notice$/.test(root.name)) return null;
  throw new TedNoticeUnreadable(`not a TED notice (${root.name})`);
}

const dateOf = (text: string | null): string | null =>
  text && /^\d{4}-\d{2}-\d{2}/.test(text) ? text.slice(0, 10) : null;

const byId = (nodes: TedNode[]): Map<string, TedNode> => {
  const map = new Map<string, TedNode>();
  for (const n of nodes) {
    const id = textAt(n, 'ID');
    if (id && !map.has(id)) map.set(id, n);
  }
  return map;
};

const idsOf = (node: TedNode | undefined, name: string): string[] =>
  childrenNamed(node, name).flatMap((c) => textAt(c, 'ID') ?? []);

/**
 * eForms: for each lot result whose winner selection status is `selec-w`, its settled contracts, the tenders
 * each names, the tendering party of each, and that party's tenderers (organisations). The eForms rule
 * (docs 4.6.4.1 Roles): a `LotTender` may be any tender, it is a winner's only through a settled contract.
 */
function readEformsNotice(root: TedNode): TedNotice {
  const extension = descend(root, 'UBLExtensions', 'UBLExtension', 'ExtensionContent', 'EformsExtension');
  const id = textAt(extension, 'Publication', 'NoticePublicationID');
  if (!id) throw new TedNoticeUnreadable('eForms notice without NoticePublicationID');
  const result = descend(extension, 'NoticeResult');
  const organizations = new Map<string, TedNode>();
  for (const org of childrenNamed(descend(extension, 'Organizations'), 'Organization')) {
    const company = descend(org, 'Company');
    const orgId = textAt(company, 'PartyIdentification', 'ID');
    if (company && orgId) organizations.set(orgId, company);
  }
  const tenders = byId(childrenNamed(result, 'LotTender'));
  const contracts = byId(childrenNamed(result, 'SettledContract'));
  const parties = byId(childrenNamed(result, 'TenderingParty'));
  const lotTitles = new Map<string, string | null>();
  for (const lot of childrenNamed(root, 'ProcurementProjectLot')) {
    const lotId = textAt(lot, 'ID');
    if (lotId) lotTitles.set(lotId, textAt(lot, 'ProcurementProject', 'Name'));
  }
  const winnerOf = (orgId: string): TedWinner => {
    const company = organizations.get(orgId);
    return {
      CompanyID: textAt(company, 'PartyLegalEntity', 'CompanyID'),
      Country: textAt(company, 'PostalAddress', 'Country', 'IdentificationCode'),
    };
  };
  const awards: TedAward[] = [];
  const seen = new Set<string>();
  for (const lotResult of childrenNamed(result, 'LotResult')) {
    if (textAt(lotResult, 'TenderResultCode') !== 'selec-w') continue;
    const lotId = textAt(lotResult, 'TenderLot', 'ID');
    for (const contractId of idsOf(lotResult, 'SettledContract')) {
      const contract = contracts.get(contractId);
      for (const tenderId of idsOf(contract, 'LotTender')) {
        const key = `${contractId}|${tenderId}`;
        const tender = tenders.get(tenderId);
        if (seen.has(key) || !tender) continue;
        seen.add(key);
        const amount = descend(tender, 'LegalMonetaryTotal', 'PayableAmount');
        const party = parties.get(textAt(tender, 'TenderingParty', 'ID') ?? '');
        awards.push({
          LotID: textAt(tender, 'TenderLot', 'ID') ?? lotId,
          ContractID: textAt(contract, 'ContractReference', 'ID') ?? contractId,
          Title: textAt(contract, 'Title') ?? lotTitles.get(lotId ?? '') ?? null,
          Amount: amount?.text.trim() || null,
          Currency: amount?.attributes.currencyID ?? null,
          Winners: idsOf(party, 'Tenderer').map(winnerOf),
        });
      }
    }
  }
  const buyerId = textAt(root, 'ContractingParty', 'Party', 'PartyIdentification', 'ID');
  const buyer = buyerId ? organizations.get(buyerId) : undefined;
  return {
    id,
    record: {
      Format: 'eforms',
      NoticeType: textAt(root, 'NoticeTypeCode'),
      PublicationDate: dateOf(textAt(extension, 'Publication', 'PublicationDate')),
      Title: textAt(root, 'ProcurementProject', 'Name'),
      BuyerName: textAt(buyer, 'PartyName', 'Name'),
      MainCPV: textAt(root, 'ProcurementProject', 'MainCommodityClassification', 'ItemClassificationCode'),
      Awards: awards,
    },
  };
}

/**
 * R2.0.9: the form of `CATEGORY="ORIGINAL"` only (the others are translations), each `AWARD_CONTRACT` that
 * has an `AWARDED_CONTRACT`, its `CONTRACTORS/CONTRACTOR/ADDRESS_CONTRACTOR` (`NATIONALID`, `COUNTRY`) and
 * `VALUES/VAL_TOTAL` (the value of the contract, for a group the group's).
 */
function readR209Notice(root: TedNode): TedNotice {
  const id = root.attributes.DOC_ID?.trim();
  if (!id) throw new TedNoticeUnreadable('TED_EXPORT without DOC_ID');
  const version = root.attributes.VERSION ?? '';
  if (!version.startsWith('R2.0.9'))
    throw new TedNoticeUnreadable(`TED XML ${version || 'version'} not read`);
  const form = descend(root, 'FORM_SECTION')?.children.find((f) => f.attributes.CATEGORY === 'ORIGINAL');
  if (!form) throw new TedNoticeUnreadable('TED_EXPORT without an ORIGINAL form');
  const awards: TedAward[] = [];
  for (const award of childrenNamed(form, 'AWARD_CONTRACT')) {
    const awarded = descend(award, 'AWARDED_CONTRACT');
    if (!awarded) continue;
    const value = descend(awarded, 'VALUES', 'VAL_TOTAL');
    awards.push({
      LotID: textAt(award, 'LOT_NO'),
      ContractID: textAt(award, 'CONTRACT_NO'),
      Title: paragraphsOf(descend(award, 'TITLE')),
      Amount: value?.text.trim() || null,
      Currency: value?.attributes.CURRENCY ?? null,
      Winners: childrenNamed(descend(awarded, 'CONTRACTORS'), 'CONTRACTOR').map((c) => ({
        CompanyID: textAt(c, 'ADDRESS_CONTRACTOR', 'NATIONALID'),
        Country: descend(c, 'ADDRESS_CONTRACTOR', 'COUNTRY')?.attributes.VALUE ?? null,
      })),
    });
  }
  if (awards.length === 0) return null;
  const datePub = textAt(root, 'CODED_DATA_SECTION', 'REF_OJS', 'DATE_PUB');
  return {
    id,
    record: {
      Format: 'R2.0.9',
      NoticeType: form.attributes.FORM ?? null,
      PublicationDate:
        datePub && /^\d{8}$/.test(datePub)
          ? `${datePub.slice(0, 4)}-${datePub.slice(4, 6)}-${datePub.slice(6, 8)}`
          : null,
      Title: paragraphsOf(descend(form, 'OBJECT_CONTRACT', 'TITLE')),
      BuyerName: textAt(form, 'CONTRACTING_BODY', 'ADDRESS_CONTRACTING_BODY', 'OFFICIALNAME'),
      MainCPV: descend(form, 'OBJECT_CONTRACT', 'CPV_MAIN', 'CPV_CODE')?.attributes.CODE ?? null,
      Awards: awards,
    },
  };
}
