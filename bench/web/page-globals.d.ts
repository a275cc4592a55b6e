/**
 * The little of the DOM that the functions given to page.evaluate use (they run in the page).
 * bench/ is typed for Node without the DOM library, whose fetch types would clash with Node's.
 */
interface PageElement {
  scrollTop: number;
  readonly clientHeight: number;
  readonly scrollHeight: number;
}

interface HTMLCanvasElement extends PageElement {
  width: number;
  height: number;
}

declare const document: {
  querySelectorAll<T extends PageElement = PageElement>(selectors: string): Iterable<T>;
  addEventListener(type: string, listener: () => void, options?: object): void;
};

declare const window: object;

declare function requestAnimationFrame(callback: () => void): number;

/** Entry types Chromium has and Node's typings do not (longtask, paint, navigation...). */
type PageEntryType = import('node:perf_hooks').EntryType;
