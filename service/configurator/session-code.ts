import {randomInt} from 'node:crypto';

const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** A session code: 8 random capital letters (26^8, about 2 * 10^11 codes). */
export function newSessionCode(): string {
  let code = '';
  for (let i = 0; i < 8; i++) code += letters[randomInt(letters.length)];
  return code;
}

/** Whether `value` looks like a session code (any letter case; codes are matched uppercased). */
export function isSessionCode(value: string): boolean {
  return /^[a-z]{8}$/i.test(value);
}
