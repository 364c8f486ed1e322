import type { ColumnSpec } from '../core/filesPass.ts';

/** `ettevotja_rekvisiidid__lihtandmed.csv`: the 17 columns of the published header (FORMATS.md §5). */
export const LIHTANDMED_COLUMNS: ColumnSpec = {
  required: ['nimi', 'ariregistri_kood', 'ettevotja_oiguslik_vorm', 'ettevotja_staatus'],
  known:
    'nimi;ariregistri_kood;ettevotja_oiguslik_vorm;ettevotja_oigusliku_vormi_alaliik;kmkr_nr;ettevotja_staatus;ettevotja_staatus_tekstina;ettevotja_esmakande_kpv;ettevotja_aadress;asukoht_ettevotja_aadressis;asukoha_ehak_kood;asukoha_ehak_tekstina;indeks_ettevotja_aadressis;ads_adr_id;ads_ads_oid;ads_normaliseeritud_taisaadress;teabesysteemi_link'.split(
      ';',
    ),
};
