import {isSessionCode} from '../view/session-code.js';

/**
 * A configuration code in this page's address (`?configuration=`), as the default share link
 * puts it: the configuration the element opens when its own `configuration` is empty. Read
 * when the element first starts, not on every update, so that a page that writes a code into
 * its own address later (a router keeping the share link) does not move a running
 * configuration to a copy of itself.
 */
export class PageCode {
  #code: string | undefined;

  /** The page's code, upper-case, or '' when the address holds none. */
  read(): string {
    if (this.#code === undefined) {
      const page = new URLSearchParams(location.search).get('configuration') ?? '';
      this.#code = isSessionCode(page) ? page.trim().toUpperCase() : '';
    }
    return this.#code;
  }
}
