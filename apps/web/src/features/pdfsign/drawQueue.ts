/**
 * Page draws one at a time, in the order they were asked for. pdf.js decodes a scanned page's
 * images whole (tens of MB each) even for a draw that is cancelled later, so drawing every page
 * that scrolls near at once makes memory spike; queued draws whose page has scrolled away by their
 * turn give their place up at no cost.
 */
export class DrawQueue {
  readonly #limit: number;
  #running = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(limit = 1) {
    this.#limit = limit;
  }

  /** Resolves when it is this draw's turn, with the function that ends the turn (once). */
  take(): Promise<() => void> {
    return new Promise((resolve) => {
      const start = () => {
        this.#running++;
        let ended = false;
        resolve(() => {
          if (ended) return;
          ended = true;
          this.#running--;
          this.#waiting.shift()?.();
        });
      };
      if (this.#running < this.#limit) start();
      else this.#waiting.push(start);
    });
  }
}

const queues = new WeakMap<object, DrawQueue>();

/** The queue of one document's page draws. */
export function drawQueueFor(doc: object): DrawQueue {
  let queue = queues.get(doc);
  if (!queue) {
    queue = new DrawQueue();
    queues.set(doc, queue);
  }
  return queue;
}
