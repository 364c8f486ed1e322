import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Real TED notices, copied verbatim from the code index (test/fixtures/eu-ted/SOURCE.txt). */
export const TED_FIXTURES = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../fixtures/eu-ted',
);

/** eForms CAN 00251823-2024: two lots, winners by SIRET (PERI GRAPHIC) and by SIREN (WAGRAM EDITIONS). */
export const TED_EFORMS_SIRET_SIREN = path.join(TED_FIXTURES, '00251823-2024.xml');
/** eForms CAN 00038918-2025: one winner by a spaced SIRET, every value withheld (`-1`) until 2029. */
export const TED_EFORMS_WITHHELD = path.join(TED_FIXTURES, '00038918-2025.xml');
/** eForms CAN 00413588-2025: one winner by SIRET, no tender value (only the framework maximum, never its own). */
export const TED_EFORMS_NO_TENDER_VALUE = path.join(TED_FIXTURES, '00413588-2025.xml');
/** R2.0.9 F06 404080-2018: three awarded lots by NATIONALID (one to a group of two), two not awarded. */
export const TED_R209_SIRET = path.join(TED_FIXTURES, '18-412273-001-EXP.xml');
/** R2.0.9 F15 155727-2021: a French winner published by name only (no NATIONALID). */
export const TED_R209_NAME_ONLY = path.join(TED_FIXTURES, '21-158592-001-EXP.xml');

/** Every name of a winner or contact person the fixtures publish: none may be logged or served. */
export const TED_PRIVATE_NAMES = [
  'PERI GRAPHIC',
  'WAGRAM EDITIONS',
  'MATTS DIGITAL',
  'GARCIOUX',
  'GIZOLME',
  'Eiffage',
  'Gagneraud',
  'NGE Génie Civil',
  'Paysages méditerranéens',
  'CPE Maintenance',
  'felix.aigloz',
  'CASANOVA',
  'catherine.pietri',
];
