/**
 * The part of jsdom (a dev dependency without type declarations) that API
 * tests use to read pages and feeds as a browser or feed reader would: a
 * document's DOM, and a DOMParser for XML.
 */
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string);
    readonly window: Window & typeof globalThis;
  }
}
