// The service's wire format, known here and nowhere else (`@hostapi/spec/wire`): the form media
// types, bracketed field names (`params[Phone][Country]`, `containers[0]`, `list[]`), how values
// become fields and fields become values again, JSON pointers into the description, and the one
// mask of the API key. The client, the mock, the docs, the console, the MCP server and the
// portable description all use it; how a schema maps to these fields is `@hostapi/spec/fields`.
export * from './wire/decode.ts';
export * from './wire/encode.ts';
export * from './wire/mask.ts';
export * from './wire/media.ts';
export * from './wire/names.ts';
