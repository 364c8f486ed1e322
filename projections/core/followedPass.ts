import type { RecordedEvent } from '../../ops/eventstore/port.ts';
import type { Projection } from './projection.ts';

/**
 * The pass a snapshot event frames, when the projection follows its register: the register and the version
 * its data name. Null for a register the projection does not follow, or data that names no register.
 */
export function followedPass(
  projection: Pick<Projection, 'registers'>,
  event: RecordedEvent,
): { register: string; version: string } | null {
  const data = event.data as { register?: unknown; version?: unknown } | null;
  const register = data?.register;
  if (typeof register !== 'string' || !projection.registers.includes(register)) return null;
  return { register, version: String(data?.version) };
}
