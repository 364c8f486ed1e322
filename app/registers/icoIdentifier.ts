import { isValidIco } from '../../schemas/identifiers/ico.ts';

/** The Czech and Slovak IČO as the European routes check and describe it (ARES, RPO, RÚZ share it). */
export const ICO_IDENTIFIER = {
  idPattern: /^\d{8}$/,
  idCheck: isValidIco,
  idLabel: 'IČO 8 chiffres',
  idDescription: 'IČO de 8 chiffres avec chiffre de contrôle / 8-digit IČO with its check digit',
};
