import { dropAll, type EntityBinding, upsertAll } from '../core/entityHandlers.ts';

/**
 * Two bindings of the same register and kind as one (the dispatcher finds one binding per kind): each
 * operation runs the first binding's, then the second's, in the same transaction.
 */
export function bindingPair(first: EntityBinding, second: EntityBinding): EntityBinding {
  if (first.register !== second.register || first.kind !== second.kind) {
    throw new Error('bindingPair: the two bindings must follow the same register and kind');
  }
  return {
    register: first.register,
    kind: first.kind,
    async upsert(trx, data, event) {
      await first.upsert(trx, data, event);
      await second.upsert(trx, data, event);
    },
    async drop(trx, data, event) {
      await first.drop(trx, data, event);
      await second.drop(trx, data, event);
    },
    async upsertMany(trx, items) {
      for (const b of [first, second]) await upsertAll(b)(trx, items);
    },
    async dropMany(trx, items) {
      for (const b of [first, second]) await dropAll(b)(trx, items);
    },
  };
}
