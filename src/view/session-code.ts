/** A session code as the service hands them out: eight letters, any case. */
export const isSessionCode = (text: string): boolean => /^[a-z]{8}$/i.test(text.trim());
