// The types of chromium-window.mjs, so that the test of the runner's pages is checked.
import type {BrowserContext, Page} from 'puppeteer-core';

export declare function pageInItsOwnWindow(options: {context: BrowserContext}): Promise<Page>;
