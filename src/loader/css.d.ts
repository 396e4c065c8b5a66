/** A style sheet imported as its text (the build's `cssText` plugin, rollup.config.mjs). */
declare module '*.css' {
  const text: string;
  export default text;
}
