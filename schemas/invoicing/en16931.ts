/**
 * Whether a Peppol document type identifier (`scheme::value`, as the Peppol Directory publishes it) is an
 * invoice conforming to the European norm EN 16931: its customization names `urn:cen.eu:en16931:2017` (Peppol
 * BIS Billing 3.0 and the national CIUS built on it), in UBL (`Invoice-2::Invoice`) or CII
 * (`CrossIndustryInvoice`). A credit note alone is not an invoice.
 */
export function isEn16931Invoice(documentType: string): boolean {
  return /(::Invoice|CrossIndustryInvoice)##urn:cen\.eu:en16931:2017/i.test(documentType);
}
