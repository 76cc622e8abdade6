// @ts-check
/**
 * Events from the relays handed on in batches: one batch at a time, in the order heard, each of at most `size`
 * (the worker checks a batch in one call; docs/performance.md).
 *
 *   const hear = inBatches(async (batch) => { …; return batch.slice(k); }, 50);  // returns those to hand on again
 *   pool.subscribe(filter, hear);
 *
 * @param {(batch: Record<string, any>[]) => Promise<Record<string, any>[] | void>} handle
 * @param {number} size
 * @returns {(event: Record<string, any>) => void}
 */
export function inBatches(handle, size) {
  /** @type {Record<string, any>[]} */
  let waiting = [];
  let feeding = false;

  async function feed() {
    feeding = true;
    try {
      while (waiting.length) {
        const batch = waiting.slice(0, size);
        waiting = waiting.slice(size);
        const again = await handle(batch);
        if (again?.length) waiting.push(...again);
      }
    } finally {
      feeding = false;
    }
  }

  return (event) => {
    waiting.push(event);
    if (!feeding) void feed();
  };
}
