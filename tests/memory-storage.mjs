// A stand-in for localStorage, for the node tests of the page's lists.

/**
 * @param {Record<string, string>} initial
 * @returns {Storage & { data: Record<string, string> }}
 */
export function memoryStorage(initial = {}) {
  const data = { ...initial };
  const storage = {
    getItem: (/** @type {string} */ k) => (k in data ? data[k] : null),
    setItem: (/** @type {string} */ k, /** @type {string} */ v) => { data[k] = String(v); },
    data,
  };
  return /** @type {any} */ (storage);
}
