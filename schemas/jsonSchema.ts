/** JSON Schema fragment (draft 2020-12, as used by OpenAPI 3.1). */
export type JsonSchema = Record<string, unknown>;

/** An array of objects; `description` (optional) describes each item. */
export function objectList(properties: Record<string, JsonSchema>, description?: string): JsonSchema {
  return {
    type: 'array',
    items: { type: 'object', ...(description === undefined ? {} : { description }), properties },
  };
}

export interface ParamDefinition {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  description: string;
  schema: JsonSchema;
  /** Extra check beyond the schema (e.g. a Luhn key); returns a French message when the value is refused. */
  check?: (value: string) => string | null;
}
