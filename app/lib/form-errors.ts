/**
 * Validation messages travel as translation keys (see domain/*.ts). A key may carry one value
 * after a "|" (e.g. "errors.tooManyAttempts|30"), passed to the string as {{value}} and {{seconds}}.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any namespace's t()
type AnyT = (...args: any[]) => any;

export function translateErrors(t: AnyT, errors: unknown): string[] | undefined {
  if (!Array.isArray(errors)) return undefined;
  if (errors.length === 0) return undefined;
  return (errors as string[]).map((raw) => {
    const [key, value] = raw.split("|");
    return String(t(key!, { value, seconds: value, defaultValue: key }));
  });
}
