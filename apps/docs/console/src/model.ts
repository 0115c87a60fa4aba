// The console's compact model of the API, derived from the bundled description at build time
// (../model.ts) and bundled into the console's script: what the form, the Prefer control and
// the route matching need, nothing more.

/** One input of an operation; a field's wire name is built from its place (values.ts, with @hostapi/spec/wire). */
export type Field = ValueField | ObjectField | ListField | MapField;

interface FieldBase {
  /** The key under its parent (`Phone` in `params[Phone][Country]`); empty for list items and map values. */
  name: string;
  required?: true;
  /** The first sentence of the description, for a hint. */
  description?: string;
}

export type Scalar = string | number;

export interface ValueField extends FieldBase {
  kind: 'value';
  /** `integer|string`: an identifier, as a number or as the digits an answer gives. */
  type: 'string' | 'integer' | 'integer|string' | 'number' | 'boolean';
  /** Allowed values, offered as a choice. */
  enum?: Scalar[];
  /** The schema's example, shown as a placeholder. */
  example?: Scalar;
  pattern?: string;
  minimum?: number;
}

/** Bracketed fields: `params[Name]`, `params[Phone][Country]`. */
export interface ObjectField extends FieldBase {
  kind: 'object';
  fields: Field[];
}

/** A list: `additional_tlds[0]`, `additional_tlds[1]`; `emptyBrackets` sends `name[]` for each item. */
export interface ListField extends FieldBase {
  kind: 'list';
  item: Field;
  emptyBrackets?: true;
}

/** A map keyed by the caller: `upgrade[disk][xvda1]`. */
export interface MapField extends FieldBase {
  kind: 'map';
  value: Field;
}

/** A named response example, selectable with `Prefer` on the mock. */
export interface ResponseExample {
  status: number;
  name: string;
  summary: string;
}

export interface OperationModel {
  id: string;
  summary: string;
  tag: string;
  /** Redoc's route of the operation's page: `#/servers/listservers`. */
  route: string;
  method: 'GET' | 'POST';
  path: string;
  /** Parameters (GET) or form fields (POST, without `apikey`), in the description's order. */
  fields: Field[];
  /** The description's example call, pre-filled in the form (without `apikey`). */
  example: Record<string, unknown>;
  responses: ResponseExample[];
}

export interface ConsoleModel {
  /** The mock's address first, then the description's servers. */
  servers: { url: string; description: string }[];
  operations: OperationModel[];
}
