/**
 * What the engine remembers beside a state or requirement list it made, kept on the object
 * itself under a property no one else can name (a symbol of this instance, not enumerable, so
 * spreads, JSON, `Object.keys` and deep equality never see it and a copy remembers nothing).
 *
 * Not a `WeakMap`: in the V8 of Node 20, a value set in a long-lived `WeakMap` for a key that
 * dies young is copied by the next young-generation collection and promoted to the old
 * generation anyway, to be found dead only by a full collection. An update makes a state and
 * a list and remembers several things beside each, so every update's memos were promoted
 * (docs/decisions/0068). A property dies with its object. An object that cannot take a
 * property (frozen) falls back to a `WeakMap`.
 */
export class Beside<K extends object, V> {
  readonly #key = Symbol('beside');
  readonly #fallback = new WeakMap<K, V>();

  get(object: K): V | undefined {
    const value = (object as Record<symbol, V | undefined>)[this.#key];
    return value !== undefined ? value : this.#fallback.get(object);
  }

  set(object: K, value: V): this {
    const key = this.#key;
    if (Object.hasOwn(object, key)) (object as Record<symbol, V>)[key] = value;
    else if (Object.isExtensible(object)) {
      Object.defineProperty(object, key, {value, writable: true, configurable: true});
    } else this.#fallback.set(object, value);
    return this;
  }
}
