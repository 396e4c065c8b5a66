/**
 * What the engine remembers beside a state or requirement list it made, kept on the object
 * itself under a property no one else can name (a symbol of this module, not enumerable, so
 * spreads, JSON, `Object.keys` and deep equality never see it and a copy remembers nothing),
 * in a holder where each `Beside` has a key of its own.
 *
 * Not a `WeakMap`: in the V8 of Node 20, a value set in a long-lived `WeakMap` for a key that
 * dies young is copied by the next young-generation collection and promoted to the old
 * generation anyway, to be found dead only by a full collection. An update makes a state and
 * a list and remembers several things beside each, so every update's memos were promoted
 * (docs/decisions/0068). A property dies with its object. An object that cannot take a
 * property (frozen) falls back to a `WeakMap`.
 */
/**
 * The one property every memo of an object sits in, a holder keyed by each `Beside`'s own
 * symbol: an object gets one property however many things are remembered beside it. Defining a
 * property is a slow call in V8 (it was about 3% of the service's time under the benchmark
 * with a property per memo, and a state gets several); a holder's keys are plain assignments.
 */
const held = Symbol('beside');

type Holder = Record<symbol, unknown>;

export class Beside<K extends object, V> {
  readonly #key = Symbol('beside');
  readonly #fallback = new WeakMap<K, V>();

  get(object: K): V | undefined {
    const holder = (object as {[held]?: Holder})[held];
    return holder ? (holder[this.#key] as V | undefined) : this.#fallback.get(object);
  }

  set(object: K, value: V): this {
    let holder = (object as {[held]?: Holder})[held];
    if (!holder) {
      if (!Object.isExtensible(object)) {
        this.#fallback.set(object, value);
        return this;
      }
      holder = {};
      Object.defineProperty(object, held, {value: holder});
    }
    holder[this.#key] = value;
    return this;
  }
}
