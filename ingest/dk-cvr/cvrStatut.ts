import type { EuStatut } from '../../schemas/europe/euStatut.ts';

/**
 * CVR's company states, as `virksomhedsstatus[].status` spells them ("UNDER KONKURS") and as
 * `virksomhedMetadata.sammensatStatus` runs them together ("opløstefterkonkurs"): compared folded (lower case,
 * no spaces). "Aktiv" is the composed status of the real record (live/SOURCE.txt). A state not listed
 * (UNDER REASSUMERING, UDEN RETSVIRKNING…) decides nothing.
 */
const STATES: Readonly<Record<string, EuStatut>> = {
  aktiv: 'actif',
  normal: 'actif',
  underkonkurs: 'en_cessation',
  undertvangsopløsning: 'en_cessation',
  underfrivilliglikvidation: 'en_cessation',
  underrekonstruktion: 'en_cessation',
  ophørt: 'radie',
  slettet: 'radie',
  tvangsopløst: 'radie',
  opløstefterkonkurs: 'radie',
  opløstefterfrivilliglikvidation: 'radie',
  opløsteftererklæring: 'radie',
  opløstefterfusion: 'radie',
  opløstefterspaltning: 'radie',
};

interface Period {
  gyldigFra?: string | null;
  gyldigTil?: string | null;
}

/** What the profile reads to decide the status: the composed status, the dated states, the life span. */
export interface CvrStatusFields {
  virksomhedsstatus?: { status?: string; periode?: Period }[];
  livsforloeb?: { periode?: Period }[];
  virksomhedMetadata?: { sammensatStatus?: string | null };
}

const folded = (label: string) => label.toLowerCase().replace(/\s+/g, '');

/**
 * The normalised status and the field that decided it, its value verbatim: the composed status, else the
 * current dated state; a life span that has ended (`livsforloeb` closed) is struck off when neither decides.
 */
export function cvrStatut(v: CvrStatusFields): { statut: EuStatut | null; detail: string | null } {
  const composed = v.virksomhedMetadata?.sammensatStatus?.trim();
  const dated = v.virksomhedsstatus?.find((s) => !s.periode?.gyldigTil)?.status?.trim();
  const [field, label] = composed
    ? ['sammensatStatus', composed]
    : dated
      ? ['virksomhedsstatus', dated]
      : [null, null];
  const statut = label ? STATES[folded(label)] : undefined;
  if (statut) return { statut, detail: `${field}: ${label}` };
  const spans = v.livsforloeb ?? [];
  const ended = spans.length > 0 && spans.every((s) => s.periode?.gyldigTil) ? spans.at(-1) : undefined;
  if (ended) return { statut: 'radie', detail: `livsforloeb.gyldigTil: ${ended.periode!.gyldigTil}` };
  return { statut: null, detail: label ? `${field}: ${label}` : null };
}
