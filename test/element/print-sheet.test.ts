import {expect} from '@open-wc/testing';
import {emulateMedia, executeServerCommand, setViewport} from '@web/test-runner-commands';
import type {ProductConfiguratorElement} from '../../src/element/product-configurator-element.js';
import {buildBill} from '../../src/view/bill.js';
import {twoColumnsFrom} from '../../src/view/render-print-sheet.js';
import type {Configuration} from '../../src/wire/index.js';
import {
  $,
  $$,
  allNodes,
  nodeByName,
  readyConfigurator,
  serviceUrl,
  settled,
  until,
  valueOf,
} from '../helpers/browser/service.js';

/** A4 inside Chromium's default margins (0.4 in each side), in CSS pixels (96 per inch). */
const a4 = {width: Math.floor(((210 - 2 * 10.16) / 25.4) * 96), height: 1045};

/** The page that a share link opens in these tests: it resumes `?configuration=`. */
const resumeTemplate = `${location.origin}/test/helpers/browser/resume-page.html?service=${encodeURIComponent(
  serviceUrl,
)}&configuration={code}`;

/** Whether the page has requested the QR encoder (uqr, or the chunk around it) so far. */
const qrRequested = () =>
  performance.getEntriesByType('resource').some((entry) => /\/uqr\/|qr-code/.test(entry.name));

/** Replaces the browser's print dialog (which would block a headless page) for one test. */
function recordPrint() {
  const original = window.print;
  const calls: number[] = [];
  window.print = () => void calls.push(Date.now());
  return {calls, restore: () => (window.print = original)};
}

/** The dark modules the sheet's QR path draws, as "x,y". */
function drawnModules(el: ProductConfiguratorElement): Set<string> {
  const d = $(el, '.sheet-qr path').getAttribute('d') ?? '';
  return new Set([...d.matchAll(/M(\d+) (\d+)h1v1h-1z/g)].map((m) => `${m[1]},${m[2]}`));
}

function darkModules(modules: boolean[][]): Set<string> {
  const dark = new Set<string>();
  modules.forEach((row, y) => row.forEach((on, x) => on && dark.add(`${x},${y}`)));
  return dark;
}

/** What a configuration holds, to compare a resumed copy with its original. */
function answers(configuration: Configuration) {
  return {
    values: allNodes(configuration)
      .map((n) => [n.name, valueOf(configuration, n.id)] as const)
      .filter(([, v]) => v !== 0),
    texts: configuration.textValues,
    total: configuration.totalPriceIncVATLabel,
  };
}

async function pictureLoaded(el: ProductConfiguratorElement) {
  const img = el.shadowRoot!.querySelector<HTMLImageElement>('.sheet-picture');
  if (img && !img.complete) await img.decode().catch(() => {});
}

afterEach(async () => {
  await emulateMedia({media: 'screen'});
  await setViewport({width: 800, height: 600});
});

describe('the printed sheet', () => {
  it('has the QR code of the current link on a print from the browser’s menu, the first and after a change', async function () {
    // Three prints to PDF, each at A4 and back: slow on a busy machine, not a measure of time.
    this.timeout(120_000);
    // The first test of this page, so the first load of the encoder here.
    const el = await readyConfigurator('Standing Desk');
    expect(qrRequested(), 'the QR encoder before the shopper can act').to.equal(false);
    el.shareUrl = resumeTemplate;
    await settled(el);
    // Nothing printed, nothing clicked: the page asks for the encoder on its own once idle.
    await until(el, qrRequested, 'the QR encoder, loaded while the page is idle');
    // The page's own module (the same URL): here once it has run; a task later the element
    // holds it too.
    await import('../../src/view/qr-code.js');
    await new Promise((resolve) => setTimeout(resolve));
    const {encode} = await import('uqr');
    const {qrOptions} = await import('../../src/view/qr-code.js');

    /** A print from the menu: `beforeprint`, then only what runs before layout (microtasks). */
    const printFromMenu = async () => {
      window.dispatchEvent(new Event('beforeprint'));
      await Promise.resolve();
      await el.updateComplete;
      const link = el.shareUrl.replace('{code}', el.value!.code);
      expect($(el, '[data-sheet="link"]').textContent!.trim()).to.equal(link);
      expect(el.shadowRoot!.querySelector('.sheet-qr'), 'the QR code').to.not.equal(null);
      const expected = encode(link, qrOptions);
      expect(Number($(el, '.sheet-qr').dataset.size)).to.equal(expected.size);
      expect([...drawnModules(el)].sort()).to.deep.equal([...darkModules(expected.data)].sort());
      // Laid out for print as the browser does after `beforeprint`: a PDF of the page.
      await setViewport(a4);
      await emulateMedia({media: 'print'});
      expect(getComputedStyle($(el, '.sheet-qr')).display).to.not.equal('none');
      const pdf = await executeServerCommand<{pages: number}, {format: string}>('print-pdf-pages', {
        format: 'A4',
      });
      expect(pdf.pages).to.equal(1);
      window.dispatchEvent(new Event('afterprint'));
      await emulateMedia({media: 'screen'});
      await setViewport({width: 800, height: 600});
      await el.updateComplete;
      return link;
    };

    const first = await printFromMenu();
    // After a change: the sheet shows it, and the QR code is still the link's.
    const glass = nodeByName(el.value!, 'Frosted glass').id;
    await el.select(glass, true);
    await settled(el);
    if (el.session?.snapshot.conflict) await el.session.resolveConflict(true);
    await settled(el);
    expect(valueOf(el.value!, glass)).to.equal(1);
    expect(await printFromMenu()).to.equal(first);
    // A host that changes its share link: the next print's code is the new link's.
    el.shareUrl = `${resumeTemplate}&from=print`;
    await el.updateComplete;
    expect(await printFromMenu()).to.not.equal(first);
  });

  it('prints from the review on one A4 page with every choice, both totals, the code and a QR code that resumes it', async () => {
    const el = await readyConfigurator();
    el.shareUrl = resumeTemplate;
    await el.select(nodeByName(el.value!, 'White').id, true);
    await el.select(nodeByName(el.value!, 'Engraving').id, true);
    await el.setText(nodeByName(el.value!, 'Engraving name').id, 'Ada L.');
    await el.select(nodeByName(el.value!, '5 years').id, true);
    await settled(el);

    $(el, '[part~="summary"] [data-action="quote"]').click();
    await el.updateComplete;
    await until(el, () => !!el.shadowRoot!.querySelector('[data-action="print"]'), 'the action');
    expect(el.shadowRoot!.querySelector('.print-sheet')).to.equal(null);

    const printing = recordPrint();
    try {
      $(el, '[data-action="print"]').click();
      await until(el, () => printing.calls.length > 0, 'the print dialog');
    } finally {
      printing.restore();
    }

    // The same lines as the review's bill: node, wording, groups, name, value and amount.
    const text = (li: HTMLElement, selector: string) =>
      li.querySelector(selector)?.textContent!.trim() ?? '';
    const reviewLines = $$(el, '.review-item').map((li) => [
      li.dataset.node,
      li.dataset.line,
      text(li, '.review-path'),
      text(li, '[data-action="edit"]'),
      text(li, '.review-value'),
      text(li, '.review-price'),
    ]);
    const sheetLines = $$(el, '.sheet-item').map((li) => [
      li.dataset.node,
      li.dataset.line,
      text(li, '.sheet-path'),
      text(li, '.sheet-label'),
      text(li, '.sheet-value'),
      text(li, '.sheet-price'),
    ]);
    expect(sheetLines.length).to.be.greaterThan(5);
    expect(sheetLines).to.deep.equal(reviewLines);
    // And those are the bill's lines, in the VAT mode on screen.
    const bill = buildBill(el.value!, true);
    expect(sheetLines.map(([node, line]) => [node, line])).to.deep.equal(
      bill.lines.map((l) => [l.id, l.text]),
    );
    expect(sheetLines.map((l) => l[5])).to.deep.equal(bill.lines.map((l) => l.amountLabel));
    const engraving = $$(el, '.sheet-item').find(
      (li) => li.dataset.node === nodeByName(el.value!, 'Engraving name').id,
    );
    expect(engraving!.textContent).to.contain('Ada L.');
    const configuration = el.value!;
    expect($(el, '[data-sheet="code"]').textContent!.trim()).to.equal(configuration.code);
    expect($(el, '[data-sheet="incl"]').textContent!.trim()).to.equal(
      configuration.totalPriceIncVATLabel,
    );
    expect($(el, '[data-sheet="excl"]').textContent!.trim()).to.equal(
      configuration.totalPriceExVATLabel,
    );

    // The QR code draws exactly uqr's encoding of the share link.
    const link = resumeTemplate.replace('{code}', configuration.code);
    expect($(el, '[data-sheet="link"]').textContent!.trim()).to.equal(link);
    // Imported only now: the test's own import would count as the page's request.
    const {encode} = await import('uqr');
    const {qrOptions} = await import('../../src/view/qr-code.js');
    const expected = encode(link, qrOptions);
    expect(Number($(el, '.sheet-qr').dataset.size)).to.equal(expected.size);
    expect([...drawnModules(el)].sort()).to.deep.equal([...darkModules(expected.data)].sort());

    // In print media only the sheet shows, and it fits one A4 page.
    await setViewport(a4);
    await emulateMedia({media: 'print'});
    await pictureLoaded(el);
    expect(getComputedStyle($(el, '.main')).display).to.equal('none');
    expect(getComputedStyle($(el, '.side')).display).to.equal('none');
    const sheet = $(el, '.print-sheet').getBoundingClientRect();
    expect(sheet.height).to.be.greaterThan(300);
    expect(sheet.width).to.be.at.most(a4.width);
    expect(sheet.bottom, 'the sheet within one page').to.be.at.most(a4.height);
    const pdf = await executeServerCommand<{pages: number}, {format: string}>('print-pdf-pages', {
      format: 'A4',
    });
    expect(pdf.pages).to.equal(1);

    // Opening the link resumes the same configuration.
    const frame = document.createElement('iframe');
    frame.style.cssText = 'position: fixed; width: 900px; height: 700px; left: -10000px';
    const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, {once: true}));
    frame.src = link;
    document.body.append(frame);
    try {
      await loaded;
      const resumed = await (frame.contentWindow as Window & {ready: Promise<Configuration>}).ready;
      expect(answers(resumed)).to.deep.equal(answers(configuration));
    } finally {
      frame.remove();
    }
  });

  it('renders for the browser’s own print with every step’s choices, and goes after it', async () => {
    const el = await readyConfigurator('Standing Desk');
    el.shareUrl = resumeTemplate;
    await settled(el);
    // The extras' chunk brings the sheet: the configure screen asks for it on its first render.
    await until(el, () => !!el.shadowRoot!.querySelector('.language-picker'), 'the extras');

    window.dispatchEvent(new Event('beforeprint'));
    // Rendered before the browser lays the page out for print (Lit renders in a microtask).
    await Promise.resolve();
    await el.updateComplete;
    const steps = $$(el, '.sheet-step').map((section) => section.dataset.step);
    const withChoices = el.value!.featureModel.steps.map((s) => s.id);
    expect(steps.length).to.be.greaterThan(1);
    expect(withChoices).to.include.members(steps as string[]);
    await until(el, () => !!el.shadowRoot!.querySelector('.sheet-qr'), 'the QR code');

    await setViewport(a4);
    await emulateMedia({media: 'print'});
    await pictureLoaded(el);
    expect($(el, '.print-sheet').getBoundingClientRect().bottom).to.be.at.most(a4.height);
    const pdf = await executeServerCommand<{pages: number}, {format: string}>('print-pdf-pages', {
      format: 'A4',
    });
    expect(pdf.pages).to.equal(1);

    window.dispatchEvent(new Event('afterprint'));
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('.print-sheet')).to.equal(null);
  });

  for (const model of ['Office Chair', 'Standing Desk', 'E-Bike']) {
    it(`keeps every option of ${model} on one A4 page`, async () => {
      const el = await readyConfigurator(model);
      // Every optional extra chosen: the longest list a shopper can make of this model.
      const checkboxes = allNodes(el.value!)
        .filter((n) => n.type === 0 && n.featureType === 0 && n.minValue === null)
        .map((n) => n.id);
      for (const id of checkboxes) {
        const node = allNodes(el.value!).find((n) => n.id === id);
        if (!node || node.isDisabled || valueOf(el.value!, id) !== 0) continue;
        await el.select(id, true).catch(() => {});
        await settled(el);
        if (el.session?.snapshot.conflict) await el.session.resolveConflict(false);
        await settled(el);
      }
      window.dispatchEvent(new Event('beforeprint'));
      await until(el, () => !!el.shadowRoot!.querySelector('.sheet-qr'), 'the QR code');
      await setViewport(a4);
      await emulateMedia({media: 'print'});
      await pictureLoaded(el);
      const lines = Number($(el, '.print-sheet').dataset.lines);
      // Every extra makes a long list: set in two columns (22 lines and more), which still
      // fit one page.
      expect(lines).to.be.at.least(twoColumnsFrom);
      expect($(el, '.print-sheet').classList.contains('two-columns')).to.equal(true);
      expect(getComputedStyle($(el, '.sheet-choices')).columnCount).to.equal('2');
      const lefts = new Set($$(el, '.sheet-step').map((st) => st.getBoundingClientRect().left));
      expect(lefts.size, 'steps in both columns').to.equal(2);
      expect($(el, '.print-sheet').getBoundingClientRect().bottom).to.be.at.most(a4.height);
      const pdf = await executeServerCommand<{pages: number}, {format: string}>('print-pdf-pages', {
        format: 'A4',
      });
      expect(pdf.pages).to.equal(1);
      window.dispatchEvent(new Event('afterprint'));
    });
  }
});
