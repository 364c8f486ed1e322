/**
 * The KBO juridical forms (`JuridicalForm`, category JuridicalForm of the published code.csv) of entities with
 * legal personality: companies and cooperatives (old Code and Code of companies and associations, their
 * "finalité sociale", public-law and "société civile" variants), associations, foundations and mutual
 * societies, public authorities and bodies, and the foreign ones the list itself says have personality (230,
 * a listed company 453, an economic-interest grouping 260/265). Every code and label is the real code list's
 * (shared/samples/kbo, code.csv of KboOpenData_0147_2025_10_12_Update).
 *
 * Not in this list, so not decided (404 `forme_juridique_non_servie`, kept without name or seat): the forms
 * without legal personality, whose members (and often names) are natural persons: 003 VAT unit, 200 company
 * in formation, 454 foreign entity without personality, 701 irregular commercial company, 702 partnership of
 * common law (société de droit commun / maatschap), 703 temporary partnership, 704 internal partnership, 721
 * company or association without legal personality, 722 temporary association, 723 cost-sharing association,
 * 724 union, 790 other without legal personality; the forms that say nothing: 030 foreign entity, 235 foreign
 * entity with a VAT representative, 151 other legal form, 393 miscellaneous, 999 legal form unknown (ONSS);
 * an enterprise without a form, and a code the list does not hold.
 */
const LEGAL_PERSON_FORMS = new Set(
  [
    // Companies and cooperatives.
    '001 002 006 007 008 009 010 011 012 013 014 015 016 025 027',
    '040 060 065 106 107 108 109 114 116 206 208 211 212 213 214',
    '215 225 260 265 453 506 508 510 511 512 513 514 515 560 606',
    '608 610 612 614 616 617 706 716',
    // Associations, foundations, mutual societies, private law with personality, European political parties.
    '017 018 019 020 021 022 023 026 028 029 051 070 117 121 125',
    '217 218 230 325',
    // Public authorities and bodies.
    '110 123 124 126 127 128 129 155 160 301 302 303 310 320 330',
    '340 350 370 371 372 373 374 375 376 377 378 379 380 381 382',
    '383 384 385 386 387 388 389 390 391 392 400 401 411 412 413',
    '414 415 416 417 418 419 420 421 422 451 452 651',
  ]
    .join(' ')
    .split(' '),
);

/** Whether a legal person's (TypeOfEnterprise 2) juridical form says it has legal personality. */
export function kboFormDecides(code: string | null | undefined): boolean {
  return LEGAL_PERSON_FORMS.has(code?.trim() ?? '');
}
