// Undo, start over, share and "Have a code?" with their state (one per session): a part of the
// extras' chunk, loaded after the first screen or when the shopper first uses one of them. The
// undo history itself is the configure controller's, kept from the session's start, so a change
// made before this code is here is undone all the same.
import type {ReactiveControllerHost} from 'lit';
import {errorText} from '../i18n/error-text.js';
import type {Strings} from '../i18n/strings.js';
import {ConfiguratorError} from '../session/errors.js';
import type {UndoHistory} from '../session/undo-history.js';

type Host = ReactiveControllerHost & {
  readonly renderRoot: HTMLElement | DocumentFragment;
  readonly updateComplete: Promise<boolean>;
};

export interface ShopperToolsOptions {
  /** The texts shown now: the shopper's language. */
  strings(): Strings;
  /** Says something in the element's live region. */
  announce(text: string): void;
  /** Starts the same model anew (the element's `restart()`). */
  restart(): Promise<unknown>;
  /** Another configuration opened: back to its first step. */
  opened(): void;
  /** Hands out a link (share sheet, else clipboard); answers the status to show. */
  share(link: string, title: string, s: Strings): Promise<string>;
  /** The link that reopens the configuration of `code` (the host's template, else this page). */
  link(template: string, code: string): string;
  /** Whether a text is a configuration code at all. */
  isCode(text: string): boolean;
}

export class ShopperTools {
  readonly history: UndoHistory;
  /** The status beside the code: copied, or why not. */
  copyStatus = '';
  /** Why the typed code did not open. */
  resumeError = '';
  /** Start over is asking for confirmation. */
  confirming = false;
  /** Why the last undo took nothing back ('' after one that did). */
  undoError = '';
  #host: Host;
  #options: ShopperToolsOptions;

  constructor(history: UndoHistory, host: Host, options: ShopperToolsOptions) {
    this.history = history;
    this.#host = host;
    this.#options = options;
  }

  /**
   * Takes back the last change. One that fails takes nothing back and the choices on screen
   * stay: the shopper reads and hears why (the copy of the earlier state could not be had), and
   * may try again.
   */
  async undo(): Promise<void> {
    let said = this.#options.strings().undo;
    this.undoError = '';
    try {
      await this.history.undo('user');
    } catch (error) {
      if (error instanceof ConfiguratorError && error.code === 'aborted') return;
      const s = this.#options.strings();
      const reason = error instanceof ConfiguratorError ? errorText(error, s) : s.errors.network;
      said = this.undoError = `${s.errorTitle}: ${reason}`;
    }
    this.#host.requestUpdate();
    this.#options.announce(said);
  }

  /**
   * Copies the share link (the code stays in view beside it); where the clipboard refuses,
   * selects the code for the shopper to copy.
   */
  async copy(template: string, code: string): Promise<void> {
    const s = this.#options.strings();
    const link = this.#options.link(template, code);
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(link);
      this.#status(s.linkCopied);
    } catch {
      this.#status(s.copyFailed);
      const el = this.#host.renderRoot.querySelector('.code');
      const selection = getSelection();
      if (el && selection) selection.selectAllChildren(el);
    }
  }

  /** Shares the link (the share sheet, else the clipboard). */
  async share(template: string, code: string, title: string): Promise<void> {
    const link = this.#options.link(template, code);
    const status = await this.#options.share(link, title, this.#options.strings());
    if (status) this.#status(status);
  }

  /** "Have a code?": opens that configuration (a copy of it) in place of this one. */
  async resume(text: string): Promise<void> {
    const host = this.#host;
    const s = this.#options.strings();
    this.resumeError = this.#options.isCode(text) ? '' : s.codeInvalid;
    host.requestUpdate();
    if (this.resumeError) return;
    this.#options.opened();
    const session = this.history.session;
    try {
      await session.open(text.trim().toUpperCase());
    } catch (error) {
      if (!(error instanceof ConfiguratorError) || error.code === 'aborted') return;
      // The configuration on screen stays; the message says why the code did not open.
      this.resumeError = errorText(error, this.#options.strings());
      session.dismissError();
      host.requestUpdate();
    }
  }

  /** Start over asks first; focus follows the question and comes back to its button. */
  async askStartOver(ask: boolean, confirmed = false): Promise<void> {
    const host = this.#host;
    this.confirming = ask;
    host.requestUpdate();
    await host.updateComplete;
    const focus = (action: string) =>
      host.renderRoot.querySelector<HTMLElement>(`[data-action="${action}"]`)?.focus();
    if (ask) return focus('start-over-cancel');
    if (confirmed) {
      await this.#options.restart().catch(() => {});
      await host.updateComplete;
    }
    focus('start-over');
  }

  #status(text: string) {
    this.copyStatus = text;
    this.#host.requestUpdate();
  }
}
