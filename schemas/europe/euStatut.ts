import type { EU_STATUTS } from '../enums/euStatut.ts';

/** `statut` of the European unified profile (the closed list and its meaning: schemas/enums/euStatut.ts). */
export type EuStatut = (typeof EU_STATUTS)[number];
