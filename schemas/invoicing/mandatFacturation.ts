/**
 * The e-invoicing obligation between companies per country: a dated table (`TABLE_DU`), each row naming its
 * legal source. Served as the `mandat` member of the invoicing checks; `en_vigueur` is computed against the
 * day of the request. Update the table (and its date) when a country's calendar changes.
 */
export const MANDAT_TABLE_DU = '2026-12-01';

export interface MandatPays {
  pays: 'BE' | 'PL' | 'FR';
  /** What is mandatory, in a word. */
  obligation: string;
  /** When the first phase came (or comes) into force. */
  en_vigueur_depuis: string;
  /** The channel an invoice takes unless the parties agree otherwise. */
  canal_par_defaut: string;
  /** The phases, for whom each applies. */
  calendrier: readonly { depuis: string; pour: string }[];
  source_juridique: string;
}

export const MANDATS_FACTURATION: readonly MandatPays[] = [
  {
    pays: 'BE',
    obligation: 'facture_electronique_structuree_b2b',
    en_vigueur_depuis: '2026-01-01',
    canal_par_defaut: 'peppol',
    calendrier: [
      {
        depuis: '2026-01-01',
        pour: 'émission et réception entre assujettis établis en Belgique / issuing and receiving between taxable persons established in Belgium',
      },
    ],
    source_juridique:
      'Loi du 6 février 2024 modifiant le Code de la taxe sur la valeur ajoutée en ce qui concerne l’introduction de l’obligation de facturation électronique (Moniteur belge du 20 février 2024), et son arrêté royal d’exécution ; Peppol BIS Billing 3.0 par défaut.',
  },
  {
    pays: 'PL',
    obligation: 'facture_structuree_ksef',
    en_vigueur_depuis: '2026-02-01',
    canal_par_defaut: 'ksef',
    calendrier: [
      {
        depuis: '2026-02-01',
        pour: 'émission par les assujettis dont les ventes de 2024 dépassent 200 millions PLN ; réception par tous / issuing by taxpayers with 2024 sales above PLN 200 million; receiving by all',
      },
      {
        depuis: '2026-04-01',
        pour: 'émission par les autres assujettis (jusqu’au 31 décembre 2026, facture papier ou électronique encore admise sous 10 000 PLN de ventes TTC par mois) / issuing by the other taxpayers (until 31 December 2026, paper or electronic invoices still allowed under PLN 10,000 of monthly sales incl. VAT)',
      },
      {
        depuis: '2027-01-01',
        pour: 'émission par tous, sans le seuil de 10 000 PLN / issuing by all, without the PLN 10,000 threshold',
      },
    ],
    source_juridique:
      'Ustawa z dnia 16 czerwca 2023 r. o zmianie ustawy o podatku od towarów i usług oraz niektórych innych ustaw (Dz.U. 2023 poz. 1598), modifiée par la ustawa z dnia 5 sierpnia 2025 r. (Dz.U. 2025 poz. 1203) qui fixe le calendrier : Krajowy System e-Faktur (KSeF).',
  },
  {
    pays: 'FR',
    obligation: 'facture_electronique_b2b',
    en_vigueur_depuis: '2026-09-01',
    canal_par_defaut: 'plateforme_agreee',
    calendrier: [
      {
        depuis: '2026-09-01',
        pour: 'réception par toutes les entreprises ; émission par les grandes entreprises et les ETI / receiving by all companies; issuing by large and mid-sized companies',
      },
      {
        depuis: '2027-09-01',
        pour: 'émission par les PME et micro-entreprises / issuing by SMEs and micro-companies',
      },
    ],
    source_juridique:
      'Article 91 de la loi n° 2023-1322 du 29 décembre 2023 de finances pour 2024 ; article 289 bis du code général des impôts : transmission par une plateforme agréée inscrite à l’annuaire public.',
  },
];

/** The `mandat` member for a country, `en_vigueur` measured on `today` (YYYY-MM-DD). */
export function mandatOf(pays: MandatPays['pays'], today: string) {
  const row = MANDATS_FACTURATION.find((m) => m.pays === pays)!;
  return {
    obligation: row.obligation,
    en_vigueur_depuis: row.en_vigueur_depuis,
    en_vigueur: today >= row.en_vigueur_depuis,
    canal_par_defaut: row.canal_par_defaut,
    calendrier: row.calendrier,
    source_juridique: row.source_juridique,
    table_du: MANDAT_TABLE_DU,
  };
}
