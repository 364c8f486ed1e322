import { ARIREGISTER_REGISTER } from '../../ingest/ee-ariregister/ariregisterEvents.ts';
import { UR_REGISTER } from '../../ingest/lv-ur/urEvents.ts';
import { BRREG_REGISTER } from '../../ingest/no-brreg/brregEvents.ts';
import { EE_PROFILES, eeProjection } from '../eu-ee/eeProjection.ts';
import { LV_PROFILES, lvProjection } from '../eu-lv/lvProjection.ts';
import { NO_PROFILES, noProjection } from '../eu-no/noProjection.ts';

/** A European register held as a dated local copy, in its unified-profile table. */
export interface EuLocalCopy {
  pays: string;
  register: string;
  projection: string;
  table: string;
  /** The national identifier's format, checked before any lookup. */
  idPattern: RegExp;
  idDescription: string;
}

export const EU_LOCAL_COPIES: readonly EuLocalCopy[] = [
  {
    pays: 'NO',
    register: BRREG_REGISTER,
    projection: noProjection.name,
    table: NO_PROFILES,
    idPattern: /^\d{9}$/,
    idDescription: 'numéro d’organisation de 9 chiffres sans espace / 9-digit organisation number',
  },
  {
    pays: 'EE',
    register: ARIREGISTER_REGISTER,
    projection: eeProjection.name,
    table: EE_PROFILES,
    idPattern: /^\d{8}$/,
    idDescription: 'registrikood de 8 chiffres / 8-digit registry code',
  },
  {
    pays: 'LV',
    register: UR_REGISTER,
    projection: lvProjection.name,
    table: LV_PROFILES,
    idPattern: /^\d{11}$/,
    idDescription: 'numéro d’enregistrement de 11 chiffres / 11-digit registration number',
  },
];

export const localCopyOf = (pays: string) => EU_LOCAL_COPIES.find((c) => c.pays === pays.toUpperCase());
