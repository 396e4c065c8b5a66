/** Every error body: a stable code and a message for people. */
export interface ErrorBody {
  code: string;
  message: string;
  details?: unknown;
}
