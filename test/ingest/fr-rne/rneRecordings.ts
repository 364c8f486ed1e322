import fs from 'node:fs';
import path from 'node:path';
import { RNE_RECORDINGS } from '../../../ingest/fr-rne/frRneLive.ts';

/** The recorded RNE company answers (ingest/fr-rne/live/SOURCE.txt), by SIREN. */
export const RNE_COMPANIES = {
  danone: { siren: '552032534', file: 'companies_552032534.json' },
  sci: { siren: '879574283', file: 'companies_879574283.json' },
  holding: { siren: '314685454', file: 'companies_314685454.json' },
  soleTrader: { siren: '949053854', file: 'companies_949053854_entrepreneur.json' },
} as const;

/** The RNE's 404 body for a company it does not hold (SOURCE.txt), replayed for SIREN 317236248. */
export const RNE_NOT_FOUND = { siren: '317236248', file: 'companies_404_not_found.json' } as const;

export const recordedBody = (file: string): Buffer => fs.readFileSync(path.join(RNE_RECORDINGS.folder, file));

export const recordedJson = (file: string): unknown => JSON.parse(recordedBody(file).toString('utf8'));

/** The token of the recorded login answer (the INPI's documented example, its token a placeholder: SOURCE.txt). */
export const RECORDED_LOGIN_TOKEN = (recordedJson('sso_login_inpi_doc_example.json') as { token: string })
  .token;

interface Person {
  descriptionPersonne?: Record<string, unknown>;
  adresseDomicile?: Record<string, unknown>;
}

/**
 * Every natural person's identifying value in a recorded answer, read from the answer itself (never written in
 * a test): names, first names, birth year-month, and the home address's commune, postcode and street (not the
 * country). The INDIVIDU pouvoirs and a sole trader's entrepreneur.
 */
export function naturalPersonValues(file: string): string[] {
  const body = recordedJson(file) as {
    formality: {
      content: {
        personneMorale?: { composition?: { pouvoirs?: { individu?: Person }[] } };
        personnePhysique?: { identite: { entrepreneur: Person } };
      };
    };
  };
  const content = body.formality.content;
  const persons: Person[] = content.personnePhysique
    ? [content.personnePhysique.identite.entrepreneur]
    : (content.personneMorale?.composition?.pouvoirs ?? []).flatMap((p) => (p.individu ? [p.individu] : []));
  const values = persons.flatMap((p) => {
    const d = p.descriptionPersonne ?? {};
    const a = p.adresseDomicile ?? {};
    return [
      d.nom,
      d.nomUsage,
      ...((d.prenoms as unknown[] | undefined) ?? []),
      d.dateDeNaissance,
      d.nationalite,
      a.commune,
      a.codePostal,
      a.codeInseeCommune,
      a.voie,
      a.complementLocalisation,
    ];
  });
  return [...new Set(values.filter((v): v is string => typeof v === 'string' && v.trim() !== ''))];
}

/** The assertion message of a privacy check: how many values were found, never which (they name people). */
export const LEAKS = 'natural-person values found (not printed)';

const regexpLiteral = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The values of `personal` found in `text`: as a whole JSON string (`"Paris"`), or, for values of 4
 * characters or more, as a word of their own (case as published: "PARISIENNE" in a company name is not the
 * commune "Paris"; a digit run inside a SHA-256 is not a postcode).
 */
export function leakedValues(text: string, personal: readonly string[]): string[] {
  return personal.filter(
    (v) =>
      text.includes(JSON.stringify(v)) ||
      (v.length >= 4 &&
        new RegExp(`(^|[^\\p{L}\\p{N}])${regexpLiteral(v)}($|[^\\p{L}\\p{N}])`, 'u').test(text)),
  );
}
