import {html, type TemplateResult} from 'lit';
import type {FirstStrings} from '../i18n/strings.js';

/**
 * Placeholder blocks in the ready layout's shape (product heading and steps card beside the
 * summary), so nothing jumps when content arrives.
 */
export function renderSkeleton(s: FirstStrings): TemplateResult {
  return html`<div class="skeleton" role="status" aria-live="polite">
    <span class="sr-only">${s.loading}</span>
    <div class="skeleton-column" aria-hidden="true">
      <div class="skeleton-product">
        <div class="bone name-bone"></div>
        <div class="bone line-bone"></div>
      </div>
      <div class="skeleton-main card">
        <div class="bone tabs-bone"></div>
        <div class="bone title-bone"></div>
        <div class="bone line-bone"></div>
        <div class="bone option-bone"></div>
        <div class="bone option-bone"></div>
        <div class="bone option-bone"></div>
        <div class="bone option-bone"></div>
      </div>
    </div>
    <div class="skeleton-side card" aria-hidden="true">
      <div class="bone title-bone"></div>
      <div class="bone line-bone"></div>
      <div class="bone line-bone"></div>
      <div class="bone button-bone"></div>
    </div>
  </div>`;
}

export interface ErrorView {
  title: string;
  message: string;
  reason: string;
  /** Offers Retry: there is something to send again. Otherwise a banner offers to close. */
  canRetry: boolean;
  /** A line about what happens next (the widget trying again by itself), or ''. */
  note?: string;
  /**
   * Offered instead of Retry where trying again cannot help but something else can (starting
   * anew when a saved configuration is gone); `null` offers no button at all.
   */
  action?: {label: string; name: string; run: () => void} | null;
}
