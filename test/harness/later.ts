/**
 * A stand-in for what a `beforeAll` makes, so a file can name it once, at the top, with `const`: every read
 * goes through to the real object (methods bound to it), and a read before the hook ran fails saying so.
 */

/** Reads through to what a `beforeAll` made (methods bound to it); a clear error when read before it ran. */
export function later<T extends object>(what: string, current: () => T | undefined): T {
  const now = (): T => {
    const value = current();
    if (!value) throw new Error(`${what} is started in beforeAll: read it inside a test or hook`);
    return value;
  };
  return new Proxy({} as T, {
    get: (_target, key) => {
      const value = now();
      const got = Reflect.get(value, key) as unknown;
      return typeof got === 'function' ? (got as (...a: unknown[]) => unknown).bind(value) : got;
    },
    set: (_target, key, value) => Reflect.set(now(), key, value),
    ownKeys: () => Reflect.ownKeys(now()),
    getOwnPropertyDescriptor: (_target, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(now(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
  });
}
