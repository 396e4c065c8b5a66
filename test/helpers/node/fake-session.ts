// A stand-in for ConfiguratorSession with its event interface (`snapshot`, `change`,
// `conflict`, `error`) and its commands, which it records instead of sending: for the element's
// controllers, tested without a service or a DOM.
import {
  SessionChangeEvent,
  SessionErrorEvent,
  SessionSnapshotEvent,
} from '../../../src/session/session-events.js';
import type {ConfiguratorError, ConfiguratorSession} from '../../../src/session/index.js';
import type {Configuration} from '../../../src/wire/index.js';

/** A configuration with what the controllers read of one. */
export function configuration(id: string, fields: Partial<Configuration> = {}): Configuration {
  return {
    id,
    code: 'ABCDEFGH',
    languageIso: 'en',
    languages: ['en', 'de'],
    totalPriceIncVAT: 121,
    totalPriceExVAT: 100,
    totalPriceIncVATLabel: '€ 121.00',
    totalPriceExVATLabel: '€ 100.00',
    currencyIso: 'EUR',
    values: {},
    textValues: {},
    unansweredMandatories: [],
    featureModel: {steps: []},
    ...fields,
  } as unknown as Configuration;
}

export class FakeSession extends EventTarget {
  /** Every command received, as `[name, ...arguments]`. */
  readonly calls: unknown[][] = [];
  id: string | null = null;
  lang: string;
  disposed = false;
  between: unknown = null;
  snapshot = {
    configuration: null as Configuration | null,
    status: 'idle',
    busy: false,
    pending: new Map(),
    error: null as ConfiguratorError | null,
  };

  constructor(lang = 'en') {
    super();
    this.lang = lang;
  }

  /** This fake where the controllers' types want the real session. */
  get asSession(): ConfiguratorSession {
    return this as unknown as ConfiguratorSession;
  }

  get code(): string | null {
    return this.snapshot.configuration?.code ?? null;
  }

  /** The service answered with `configuration`: a new snapshot. */
  loaded(configuration: Configuration): void {
    this.id = configuration.id;
    this.snapshot = {...this.snapshot, configuration, status: 'ready'};
    this.dispatchEvent(new SessionSnapshotEvent(this.snapshot as never));
  }

  changed(configuration: Configuration, changes: string[], source: 'user' | 'api'): void {
    this.loaded(configuration);
    this.dispatchEvent(new SessionChangeEvent(configuration, changes, source));
  }

  failed(error: ConfiguratorError): void {
    this.snapshot = {...this.snapshot, error};
    this.dispatchEvent(new SessionErrorEvent(error));
  }

  #record(name: string, ...args: unknown[]) {
    this.calls.push([name, ...args]);
    return Promise.resolve(this.snapshot.configuration);
  }

  start(model: string, options?: object) {
    return this.#record('start', model, options && Object.keys(options));
  }
  open(target: string, options?: object) {
    return this.#record('open', target, options && Object.keys(options));
  }
  restart() {
    return this.#record('restart');
  }
  retry() {
    return this.#record('retry');
  }
  select(nodeId: string, on: boolean, options: object) {
    return this.#record('select', nodeId, on, options);
  }
  setValue(nodeId: string, value: number, options: object) {
    return this.#record('setValue', nodeId, value, options);
  }
  setText(nodeId: string, text: string, options: object) {
    return this.#record('setText', nodeId, text, options);
  }
  flush() {
    void this.#record('flush');
  }
  resolveConflict(accept: boolean) {
    return this.#record('resolveConflict', accept);
  }
  dismissError() {
    void this.#record('dismissError');
  }
  changeLanguage(lang: string) {
    this.lang = lang;
    return this.#record('changeLanguage', lang);
  }
  dispose() {
    this.disposed = true;
  }
}
