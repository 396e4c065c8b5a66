/** What the views call back into; the element wires these to the session. */
export interface ViewHandlers {
  select(nodeId: string, on: boolean): void;
  /** A number being set; while the shopper drags or types, the element may hold it a moment. */
  setValue(nodeId: string, value: number): void;
  /** A text being typed or set; held like a number. */
  setText(nodeId: string, text: string): void;
  /** The shopper let go of a slider, left a field or pressed Enter: send what is held now. */
  flush?(): void;
}
