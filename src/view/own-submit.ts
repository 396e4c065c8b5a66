// A form inside the element submits through the element's own handler, never through the
// browser's form submission: a frame sandboxed without `allow-forms` blocks that submission
// before any `submit` event, so the shopper's click and Enter would do nothing there.

/** Handlers for a form's submit button (`click`) and the form itself (`keydown`, `submit`). */
export interface OwnSubmit {
  click(event: MouseEvent): void;
  keydown(event: KeyboardEvent): void;
  submit(event: SubmitEvent): void;
}

/** Calls `send` with the form on a click of its submit button, Enter in a field, or a submit. */
export function ownSubmit(send: (form: HTMLFormElement) => void): OwnSubmit {
  return {
    click(event) {
      const button = event.currentTarget as HTMLButtonElement;
      // Prevented, the click submits nothing natively: the handler is the only way.
      event.preventDefault();
      if (button.form && !button.disabled) send(button.form);
    },
    keydown(event) {
      const field = event.target as HTMLElement;
      if (event.key !== 'Enter' || event.isComposing || field.localName !== 'input') return;
      const form = event.currentTarget as HTMLFormElement;
      // What implicit submission would do: nothing when the default button is disabled.
      const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
      event.preventDefault();
      if (button && !button.disabled) send(form);
    },
    submit(event) {
      // A submit that still happens (form.requestSubmit()) goes the same way.
      event.preventDefault();
      send(event.target as HTMLFormElement);
    },
  };
}
