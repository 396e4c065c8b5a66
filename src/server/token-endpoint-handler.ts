// The handler's shape, apart from its making, so the Node adapter can name it without
// importing the endpoint that re-exports the adapter.

/** What a runtime knows about the connection; the Node adapter fills `clientAddress`. */
export interface TokenEndpointContext {
  /** The caller's network address, the default rate-limit key. */
  clientAddress?: string;
  /** `@hono/node-server` passes `{incoming, outgoing}`; the socket address is read from it. */
  incoming?: {socket?: {remoteAddress?: string}};
}

/** A web-standard handler: mount it on the path the element's `token-endpoint` names. */
export type TokenEndpointHandler = (
  request: Request,
  context?: TokenEndpointContext,
) => Promise<Response>;
