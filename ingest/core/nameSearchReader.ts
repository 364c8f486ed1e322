import type {
  EuLiveReader,
  LiveObservation,
  LiveProfileRecord,
  LiveSearchRecord,
} from '../../schemas/europe/euLiveRegister.ts';
import { rankedByName, searchByIdentifier } from './liveProfileMatch.ts';
import { type LiveAnswer, type LiveQueryClient, observationOf } from './liveQuery.ts';

/** How a live register that searches by name is asked: its two upstream questions. */
export interface NameSearchQuestions {
  register: string;
  /** Whether a query is the register's identifier: such a search is answered by the profile read. */
  isIdentifier: (q: string) => boolean;
  /** The profile by identifier (the client already ran the register's parser: its record is the profile). */
  askProfile: (id: string) => Promise<LiveAnswer>;
  /** The search by name (its record is a {@link LiveSearchRecord}). */
  askByName: (q: string, limit: number) => Promise<LiveAnswer>;
}

/** A reader whose profile read is typed with the register's own profile record. */
export type NameSearchReader<R extends LiveProfileRecord> = EuLiveReader & {
  profile(id: string): Promise<{ record: R; observation: LiveObservation }>;
};

/**
 * The reader of a live register that searches by name: a query that is an identifier reads the profile, any
 * other asks the register by name and ranks what it found (rankedByName), whatever order it answered in.
 */
export function nameSearchReader<R extends LiveProfileRecord = LiveProfileRecord>(
  client: LiveQueryClient,
  questions: NameSearchQuestions,
): NameSearchReader<R> {
  const profile = async (id: string) => {
    const answer = await questions.askProfile(id);
    return { record: answer.record as R, observation: observationOf(answer) };
  };
  return {
    register: questions.register,
    profile,
    searchesByName: true,
    async search(q, limit) {
      if (questions.isIdentifier(q)) return searchByIdentifier(profile, q);
      const answer = await questions.askByName(q, limit);
      const record = answer.record as LiveSearchRecord;
      const matches = rankedByName(q, record, limit);
      return { matches, total: record.total, observation: observationOf(answer) };
    },
    circuit: () => client.circuit(),
  };
}
