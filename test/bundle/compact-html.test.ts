// The build step that shortens the line breaks and indentation in Lit's html templates
// (scripts/compact-html.mjs): every template of src/ compacted gives the same tree in Chromium's
// parser (the same elements, attributes and text, white space aside, which the browser renders
// as one space outside the elements that keep it), and what must be kept as written is.
import assert from 'node:assert/strict';
import {readdirSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {after, before, describe, test} from 'node:test';
import {parseAst} from 'rollup/parseAst';
import ts from 'typescript';
import type {Browser} from 'playwright-core';
import {launchChromium} from '../helpers/node/embedding.js';
// @ts-expect-error: a plain ES module script without types
import {compactHtmlTemplates, compactText, htmlTemplates} from '../../scripts/compact-html.mjs';

interface Quasi {
  value: {raw: string};
}

/** The JavaScript TypeScript makes of a source file, as the build's TypeScript step does. */
const compile = (source: string) =>
  ts.transpileModule(source, {
    compilerOptions: {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      experimentalDecorators: true,
    },
  }).outputText;

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, {withFileTypes: true}).flatMap((e) =>
    e.isDirectory()
      ? sourceFiles(join(dir, e.name))
      : e.name.endsWith('.ts') && !e.name.endsWith('.d.ts')
        ? [join(dir, e.name)]
        : [],
  );

/** A template's markup, each expression a placeholder both versions share. */
const markup = (quasis: string[]) => quasis.join('pcx');

/** Each html template of src/ before and after the build step. */
function templatePairs() {
  const pairs: {file: string; before: string; after: string}[] = [];
  for (const file of sourceFiles('src')) {
    const code = compile(readFileSync(file, 'utf8'));
    const compacted = compactHtmlTemplates(code, parseAst) as {toString(): string} | null;
    if (!compacted) continue;
    const beforeTemplates = htmlTemplates(parseAst(code)) as {quasis: Quasi[]}[];
    const afterTemplates = htmlTemplates(parseAst(compacted.toString())) as {quasis: Quasi[]}[];
    assert.equal(afterTemplates.length, beforeTemplates.length, file);
    beforeTemplates.forEach((t, i) => {
      const before = t.quasis.map((q) => q.value.raw);
      const after = afterTemplates[i]!.quasis.map((q) => q.value.raw);
      // Expressions stay where they were: as many static parts, in the same places.
      assert.equal(after.length, before.length, file);
      if (markup(before) !== markup(after)) {
        pairs.push({file, before: markup(before), after: markup(after)});
      }
    });
  }
  return pairs;
}

/**
 * Run in the page: the pairs whose markup parses to different trees, white space in text and
 * attribute values read as the browser renders it (a run is one space).
 */
const sameTrees = `(list) => {
  const squeeze = (text) => text.replace(/\\s+/g, ' ');
  const tree = (html) => {
    const template = document.createElement('template');
    template.innerHTML = html;
    const out = [];
    const walk = (node) => {
      if (node.nodeType === Node.ELEMENT_NODE) {
        const attributes = node.getAttributeNames().sort()
          .map((n) => n + '=' + squeeze(node.getAttribute(n)));
        out.push('<' + node.localName + ' ' + attributes.join(' ') + '>');
        (node instanceof HTMLTemplateElement ? node.content : node).childNodes.forEach(walk);
        out.push('</' + node.localName + '>');
      } else if (node.nodeType === Node.TEXT_NODE) {
        out.push('text:' + squeeze(node.nodeValue));
      } else {
        out.push(node.nodeType + ':' + node.nodeValue);
      }
    };
    template.content.childNodes.forEach(walk);
    return out.join('\\n');
  };
  return list.filter((p) => tree(p.before) !== tree(p.after))
    .map((p) => p.file + '\\n' + p.before + '\\n---\\n' + p.after);
}`;

describe('compacting html templates', () => {
  test('a run of white space with a line break becomes one space; others stay as written', () => {
    assert.equal(
      compactText('<div\n    class="a"\n  >\n    text  here\n  </div>'),
      '<div class="a" > text  here </div>',
    );
    assert.equal(compactText('a \t\n\n  b'), 'a b');
    assert.equal(compactText('two  spaces'), 'two  spaces');
  });

  test('templates holding text kept as written, and other tags, are left whole', () => {
    const code = [
      'const a = html`<textarea\n  rows="3"\n>\n  kept\n</textarea>`;',
      'const b = svg`<g>\n  <path d="M0 0"></path>\n</g>`;',
      'const c = html`<pre>\n  one\n    two\n</pre>`;',
      'const d = html`<p>\n  ${x}\n</p>`;',
    ].join('\n');
    const out = (compactHtmlTemplates(code, parseAst) as {toString(): string}).toString();
    assert.equal(
      out,
      [
        'const a = html`<textarea\n  rows="3"\n>\n  kept\n</textarea>`;',
        'const b = svg`<g>\n  <path d="M0 0"></path>\n</g>`;',
        'const c = html`<pre>\n  one\n    two\n</pre>`;',
        'const d = html`<p> ${x} </p>`;',
      ].join('\n'),
    );
    assert.equal(compactHtmlTemplates('const e = html`<p>one line</p>`;', parseAst), null);
  });

  describe("every template of src/ in Chromium's parser", () => {
    let browser: Browser;
    before(async () => {
      browser = await launchChromium();
    });
    after(() => browser?.close());

    test('gives the same elements, attributes and text, white space aside', async () => {
      const pairs = templatePairs();
      // The step is at work: the widget's templates are written over many lines.
      assert.ok(pairs.length > 50, `${pairs.length} templates changed`);
      const page = await browser.newPage();
      // A string, not a function: the test's compiler would add helpers the page lacks.
      const differing = (await page.evaluate(
        `(${sameTrees})(${JSON.stringify(pairs)})`,
      )) as string[];
      await page.close();
      assert.deepEqual(differing, []);
    });
  });
});
