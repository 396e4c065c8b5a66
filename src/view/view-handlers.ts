/** What the views call back into; the element wires these to the session. */
export interface ViewHandlers {
  select(nodeId: string, on: boolean): void;
  setValue(nodeId: string, value: number): void;
  setText(nodeId: string, text: string): void;
}
