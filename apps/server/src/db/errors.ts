/** Whether a database error is a unique-constraint violation (SQLSTATE 23505), however wrapped. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current instanceof Error || isObject(current);) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}
