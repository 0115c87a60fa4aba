// Modules the console's build provides (see ../../build/console.ts).
declare module 'hostapi-console:model' {
  const model: import('../model.js').ConsoleModel;
  export default model;
}
declare module '*.css' {
  const text: string;
  export default text;
}
/** The mock's README on the repository's GitHub (../../build/mock.ts), set by the build. */
declare const HOSTAPI_MOCK_README: string;
/** The command that starts the mock where it is installed (`npx hostapi-mock`), set by the build. */
declare const HOSTAPI_MOCK_COMMAND: string;
/** Where that command's mock answers (`http://127.0.0.1:4010`), set by the build. */
declare const HOSTAPI_MOCK_URL: string;
