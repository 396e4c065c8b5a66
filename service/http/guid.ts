const guidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` is a GUID in its usual hyphenated form (any letter case). */
export function isGuid(value: string): boolean {
  return guidPattern.test(value);
}
