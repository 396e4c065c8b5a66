import type {ReactiveController, ReactiveControllerHost} from 'lit';

type Host = ReactiveControllerHost & {readonly renderRoot: HTMLElement | DocumentFragment};

/**
 * Says each failure the element shows once, politely, through the element's one live region.
 * An error notice (`part="error"`) is no live region of its own: `role="alert"` interrupted the
 * shopper, and a notice rendered again (a re-render, a retry that fails the same way) was read
 * again. What is said is read from the notices rendered, so every kind (a failed start, a
 * banner over the steps, the quote form's) is covered by one rule.
 */
export class ErrorAnnouncer implements ReactiveController {
  #host: Host;
  #say: (text: string) => void;
  /** The notices' text last rendered: '' when none shows, so the next failure is news. */
  #shown = '';

  constructor(host: Host, say: (text: string) => void) {
    this.#host = host;
    this.#say = say;
    host.addController(this);
  }

  hostUpdated(): void {
    let text = '';
    for (const notice of this.#host.renderRoot.querySelectorAll('[part~="error"]')) {
      // Its title, message and listed items (the quote form's missing answers); not the line
      // about trying again, which changes as it counts down.
      const lines = notice.matches('p')
        ? [notice]
        : notice.querySelectorAll('p:not(.notice-note), li');
      for (const line of lines) text += ` ${line.textContent}`;
    }
    text = text.replace(/\s+/g, ' ').trim();
    if (text === this.#shown) return;
    this.#shown = text;
    // After this update, not inside it.
    if (text) queueMicrotask(() => this.#say(text));
  }
}
