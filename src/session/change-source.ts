/** Who caused a change: the shopper (or the host on the shopper's behalf), or the session. */
export type ChangeSource = 'user' | 'api';
