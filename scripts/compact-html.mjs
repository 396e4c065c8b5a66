// Lit's html templates ship as written, and terser leaves template text alone: each line's
// indentation reached the browser. This build step shortens every whitespace run that holds a
// line break, in the static text of `html` templates, to one space. Outside <pre>, <textarea>,
// <script> and <style> (templates holding one are left whole) the browser renders a run of
// white space as one space, and an attribute value's line breaks mean nothing to the attributes
// they can appear in here (class, style, labels), so the page looks and reads the same while
// the file is smaller. Runs without a line break are kept as written: they may be meant.
// test/bundle/compact-html.test.ts parses every template of src/ both ways in Chromium and
// compares the trees.
import MagicString from 'magic-string';

/** Templates with text where white space is kept as written are left whole. */
const keepsWhiteSpace = /<(pre|textarea|script|style)\b/i;

/** Line breaks with the spaces around them. */
const lineBreaks = /[ \t]*(?:\r?\n[ \t]*)+/g;

/** A quasi's raw text with each run holding a line break shortened to one space. */
export const compactText = (raw) => raw.replace(lineBreaks, ' ');

/** The `html` tagged templates of an ESTree program, in source order. */
export function htmlTemplates(ast) {
  const found = [];
  const visit = (node) => {
    if (!node || typeof node.type !== 'string') return;
    if (
      node.type === 'TaggedTemplateExpression' &&
      node.tag.type === 'Identifier' &&
      node.tag.name === 'html'
    ) {
      found.push(node.quasi);
    }
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) value.forEach(visit);
      else if (value && typeof value === 'object') visit(value);
    }
  };
  visit(ast);
  return found;
}

/**
 * Compacts the `html` templates of a module's code; null when nothing changed. `parse` is
 * rollup's (ESTree with offsets).
 */
export function compactHtmlTemplates(code, parse) {
  if (!/\bhtml\s*`/.test(code)) return null;
  const out = new MagicString(code);
  let changed = false;
  for (const template of htmlTemplates(parse(code))) {
    const raws = template.quasis.map((q) => q.value.raw);
    if (keepsWhiteSpace.test(raws.join(''))) continue;
    for (const quasi of template.quasis) {
      const raw = quasi.value.raw;
      const compact = compactText(raw);
      if (compact === raw) continue;
      // A quasi's offsets include its delimiters (` or } before, ` or ${ after) in some
      // parsers; its raw text is found from its start.
      const start = code.indexOf(raw, quasi.start);
      if (start < 0 || start > quasi.end) throw new Error('template text not found');
      out.overwrite(start, start + raw.length, compact);
      changed = true;
    }
  }
  return changed ? out : null;
}

/** The rollup plugin: after TypeScript, before minifying. */
export const compactHtml = () => ({
  name: 'compact-html',
  transform(code, id) {
    if (!/\.[cm]?[jt]s$/.test(id) || id.includes('/node_modules/')) return null;
    const out = compactHtmlTemplates(code, (text) => this.parse(text));
    return out ? {code: out.toString(), map: out.generateMap({hires: true})} : null;
  },
});
