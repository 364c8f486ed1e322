/**
 * The `registre_hr` block of the demo fixtures' joint-stock company (OIB 28921383001) on the 2026-11-18 pass:
 * the same whether the snapshot was read from the recorded `detalji_subjekta` file or recorded from the list
 * endpoints (test/ingest/hr-sudreg/recordedSnapshot.e2e.test.ts).
 */
export const PRIMJER_REGISTRE_HR = {
  mbs: '080000604',
  tribunal: 'Trgovački sud u Zagrebu',
  denomination_abregee: 'Primjer Energija d.d.',
  procedure: { code: 'aucune', libelle: null, en_cours: false },
  masse_faillite: false,
  succursale_societe_etrangere: false,
  capital: { montant: 25000000, devise: 'euro' },
  emails_publies: ['info@primjer-energija.example'],
  photo: '2026-11-18',
};
