import { type EntityBinding, upsertAll } from '../core/entityHandlers.ts';

/**
 * A binding whose table's GIN index takes its new entries in bulk: the index has a pending list
 * (`fastupdate = on`), and every write of the binding merges that list before its transaction commits
 * (`gin_clean_pending_list`). A batch's entries are then sorted and merged once instead of one tree descent
 * per trigram of each row (about three times less index time for a batch of 2,000 profiles), and no search
 * ever reads a pending list, since none outlives the transaction that filled it (a list left for a vacuum is
 * read whole by every search: bench/HISTORY.md).
 */
export function pendingListMerged(binding: EntityBinding, index: string): EntityBinding {
  const merge = async (trx: Parameters<EntityBinding['upsert']>[0]) => {
    await trx.raw('select gin_clean_pending_list(?::regclass)', [index]);
  };
  return {
    ...binding,
    async upsert(trx, data, event) {
      await binding.upsert(trx, data, event);
      await merge(trx);
    },
    async upsertMany(trx, items) {
      await upsertAll(binding)(trx, items);
      await merge(trx);
    },
  };
}
