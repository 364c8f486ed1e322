import type { ParamDefinition } from '../jsonSchema.ts';

/** Null when the value is a real calendar date written YYYY-MM-DD; otherwise the message of the 400. */
export function checkCalendarDate(value: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return 'Date attendue au format AAAA-MM-JJ. / Date expected as YYYY-MM-DD.';
  const d = new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!));
  if (d.toISOString().slice(0, 10) !== value)
    return `« ${value} » n’est pas une date du calendrier. / Not a calendar date.`;
  return null;
}

/** A required `YYYY-MM-DD` query parameter, checked against the calendar (2026-02-30 is refused). */
export function dateQueryParam(name: string, description: string): ParamDefinition {
  return {
    name,
    in: 'query',
    required: true,
    description,
    schema: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$', examples: ['2026-01-01'] },
    check: checkCalendarDate,
  };
}
