// Undo, start over, share and "Have a code?" with their state: part of the configure view's
// chunk, so the element's first render carries none of it (the element keeps one per session).
import {html, type TemplateResult} from 'lit';
import {errorText} from '../i18n/error-text.js';
import type {Strings} from '../i18n/strings.js';
import type {ConfiguratorSession} from '../session/configurator-session.js';
import {ConfiguratorError, ErrorCode} from '../session/errors.js';
import {UndoHistory} from '../session/undo-history.js';
import {renderHistory} from './render-history.js';
import {renderResume, shareConfiguration} from './render-resume.js';
import {isSessionCode} from './session-code.js';

/** What the tools need of the element (its own members). */
export interface ToolsHost {
  readonly renderRoot: HTMLElement | DocumentFragment;
  readonly updateComplete: Promise<boolean>;
  requestUpdate(): void;
  restart(): Promise<unknown>;
}

/** The element's state the tools set: what screen readers hear, the status beside the code, the step shown. */
export interface ToolsState {
  _announcement?: string;
  _copyStatus?: string;
  _activeStep?: string;
}

export class ShopperTools {
  readonly history: UndoHistory;
  #host: ToolsHost;
  #set: (state: ToolsState) => void;
  /** The strings last rendered with: the language shown. */
  #s!: Strings;
  #confirming = false;
  #resumeError = '';

  constructor(session: ConfiguratorSession, host: ToolsHost, set: (state: ToolsState) => void) {
    this.history = new UndoHistory(session);
    this.#host = host;
    this.#set = set;
  }

  /** "Have a code?", then undo and start over (the configure screen's summary column). */
  render(s: Strings, busy: boolean): TemplateResult {
    this.#s = s;
    return html`${renderResume(this.#resumeError, s, (code) => void this.resume(code))}
    ${renderHistory({canUndo: this.history.canUndo && !busy, confirming: this.#confirming}, s, {
      undo: () => void this.undo(),
      askStartOver: () => void this.#askStartOver(true),
      startOver: (confirmed) => void this.#askStartOver(false, confirmed),
    })}`;
  }

  async undo(): Promise<void> {
    await this.history.undo().catch(() => {});
    this.#set({_announcement: this.#s.undo});
  }

  /** Copies the code; where the clipboard refuses, selects it for the shopper to copy. */
  async copy(code: string): Promise<void> {
    const s = this.#s;
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(code);
      this.#set({_copyStatus: s.copied});
    } catch {
      this.#set({_copyStatus: s.copyFailed});
      const el = this.#host.renderRoot.querySelector('.code');
      const selection = getSelection();
      if (el && selection) selection.selectAllChildren(el);
    }
  }

  /** Shares the link (the share sheet, else the clipboard). */
  async share(template: string, code: string, title: string): Promise<void> {
    const status = await shareConfiguration(template, code, title, this.#s);
    if (status) this.#set({_copyStatus: status});
  }

  /** "Have a code?": opens that configuration (a copy of it) in place of this one. */
  async resume(text: string): Promise<void> {
    const host = this.#host;
    this.#resumeError = isSessionCode(text) ? '' : this.#s.codeInvalid;
    host.requestUpdate();
    if (this.#resumeError) return;
    this.#set({_activeStep: ''});
    const session = this.history.session;
    try {
      await session.open(text.trim().toUpperCase());
    } catch (error) {
      if (!(error instanceof ConfiguratorError) || error.code === ErrorCode.aborted) return;
      // The configuration on screen stays; the message says why the code did not open.
      this.#resumeError = errorText(error, this.#s);
      session.dismissError();
      host.requestUpdate();
    }
  }

  /** Start over asks first; focus follows the question and comes back to its button. */
  async #askStartOver(ask: boolean, confirmed = false) {
    const host = this.#host;
    this.#confirming = ask;
    host.requestUpdate();
    await host.updateComplete;
    const focus = (action: string) =>
      host.renderRoot.querySelector<HTMLElement>(`[data-action="${action}"]`)?.focus();
    if (ask) return focus('start-over-cancel');
    if (confirmed) {
      await host.restart().catch(() => {});
      await host.updateComplete;
    }
    focus('start-over');
  }
}
