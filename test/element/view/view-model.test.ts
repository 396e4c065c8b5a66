import {expect} from '@open-wc/testing';
import {
  buildViewModel,
  resolveImageUrl,
  type ChoiceView,
  type GroupView,
} from '../../../src/view/view-model.js';
import {reuseUnchanged} from '../../../src/view/reuse-unchanged.js';
import {configurationFixture, viewInput} from '../../helpers/browser/configuration-fixture.js';

describe('buildViewModel', () => {
  it('maps mandatory nodes to groups and sibling alternatives to one choice set', () => {
    const view = buildViewModel(viewInput(configurationFixture()));
    expect(view.steps.map((s) => s.title)).to.deep.equal(['Frame', 'Options']);
    const colour = view.steps[0]!.nodes[0] as GroupView;
    expect(colour.kind).to.equal('group');
    const choice = colour.children[0] as ChoiceView;
    expect(choice.control).to.equal('cards');
    expect(choice.options.map((o) => [o.name, o.selected])).to.deep.equal([
      ['Black', true],
      ['Red', false],
      ['Green', false],
    ]);
    expect(choice.labelledBy).to.equal('colour-heading');
  });

  it('picks radios, dropdowns, checkboxes, sliders, number and text inputs', () => {
    const view = buildViewModel(viewInput(configurationFixture()));
    const [extras, base, engraving, quantity] = view.steps[1]!.nodes as [
      GroupView,
      GroupView,
      unknown,
      unknown,
    ];
    expect((extras.children[0] as ChoiceView).control).to.equal('checkbox');
    expect((base.children[0] as ChoiceView).control).to.equal('dropdown');
    expect(engraving).to.include({kind: 'text', value: 'Hi'});
    expect(quantity).to.include({kind: 'number', slider: false, min: 1, max: 20});
    expect(view.steps[0]!.nodes[1]).to.include({
      kind: 'number',
      slider: true,
      value: 150,
      unit: 'cm',
    });
  });

  it('shows prices incl. or excl. VAT from the service labels', () => {
    const incl = buildViewModel(viewInput(configurationFixture(), true));
    const excl = buildViewModel(viewInput(configurationFixture(), false));
    expect(incl.summary.total).to.equal('€ 363,00');
    expect(excl.summary.total).to.equal('€ 300,00');
    const red = ((incl.steps[0]!.nodes[0] as GroupView).children[0] as ChoiceView).options[1]!;
    expect(red.priceLabel).to.equal('€ 48,40');
  });

  it('marks unanswered mandatory features with their step', () => {
    const view = buildViewModel(viewInput(configurationFixture()));
    expect(view.unanswered).to.deep.equal([{id: 'base', name: 'Base', stepId: 'step-options'}]);
    expect(view.steps.map((s) => s.missing)).to.deep.equal([0, 1]);
    expect((view.steps[1]!.nodes[1] as GroupView).missing).to.equal(true);
  });

  it('renders pending inputs optimistically, one radio at a time', () => {
    const input = viewInput(configurationFixture());
    input.pending = new Map([
      ['red', {on: true}],
      ['width', {value: 190}],
    ]);
    const view = buildViewModel(input);
    const colour = (view.steps[0]!.nodes[0] as GroupView).children[0] as ChoiceView;
    expect(colour.options.filter((o) => o.selected).map((o) => o.id)).to.deep.equal(['red']);
    expect(view.steps[0]!.nodes[1]).to.include({value: 190});
  });

  it('shows the children of a selected option only', () => {
    const input = viewInput(configurationFixture());
    const extras = () =>
      ((buildViewModel(input).steps[1]!.nodes[0] as GroupView).children[0] as ChoiceView)
        .options[0]!;
    expect(extras().children).to.have.length(0);
    input.values.set('armrests', 1);
    expect(extras().children).to.have.length(1);
  });

  it('resolves image URLs against the API URL and refuses other schemes', () => {
    expect(resolveImageUrl('/images/a.png', 'https://api.example/base')).to.equal(
      'https://api.example/images/a.png',
    );
    expect(resolveImageUrl('img/a.png', 'https://api.example/base')).to.equal(
      'https://api.example/base/img/a.png',
    );
    expect(resolveImageUrl('javascript:alert(1)', 'https://api.example')).to.equal(null);
    expect(resolveImageUrl(null, 'https://api.example')).to.equal(null);
  });

  it('keeps the identity of every node an update did not change', () => {
    const input = viewInput(configurationFixture());
    const before = buildViewModel(input);
    // Nothing changed: the whole view is the previous one.
    expect(reuseUnchanged(before, buildViewModel(input))).to.equal(before);
    // One pending input on the first step: only that node and the parts holding it are new.
    const after = reuseUnchanged(
      before,
      buildViewModel({...input, pending: new Map([['red', {on: true}]])}),
    );
    expect(after).not.to.equal(before);
    expect(after.steps[1]).to.equal(before.steps[1]);
    const [colourBefore, ...restBefore] = before.steps[0]!.nodes;
    const [colourAfter, ...restAfter] = after.steps[0]!.nodes;
    expect(colourAfter).not.to.equal(colourBefore);
    restAfter.forEach((node, i) => expect(node).to.equal(restBefore[i]));
    const options = (colourAfter as GroupView).children[0] as ChoiceView;
    const optionsBefore = (colourBefore as GroupView).children[0] as ChoiceView;
    expect(options.options.map((o) => o.selected)).to.deep.equal([false, true, false]);
    expect(options.options[2]).to.equal(optionsBefore.options[2]);
  });

  it('builds only the step on screen when asked to', () => {
    const view = buildViewModel({...viewInput(configurationFixture()), onlyStep: 'step-options'});
    expect(view.steps[0]!.nodes).to.deep.equal([]);
    expect(view.steps[1]!.nodes.length).to.be.greaterThan(0);
    // Names and missing counts still cover every step.
    expect(view.names.get('red')).to.equal('Red');
  });
});
