/** JSON Schema fragment (draft 2020-12, as used by OpenAPI 3.1). */
export type JsonSchema = Record<string, unknown>;

export interface ParamDefinition {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  description: string;
  schema: JsonSchema;
  /** Extra check beyond the schema (e.g. a Luhn key); returns a French message when the value is refused. */
  check?: (value: string) => string | null;
}
