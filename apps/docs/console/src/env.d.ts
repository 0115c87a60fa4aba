// Modules the console's build provides (see ../build.mjs).
declare module 'hostapi-console:model' {
  const model: import('./model').ConsoleModel;
  export default model;
}
declare module '*.css' {
  const text: string;
  export default text;
}
