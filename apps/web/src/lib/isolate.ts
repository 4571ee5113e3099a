/**
 * Text in any direction kept whole inside a sentence of the studio's language: wrapped in Unicode
 * isolates (first-strong isolate … pop directional isolate), so a file name, an address or an
 * English title keeps its order inside an Arabic sentence, and the sentence keeps its own.
 */
export const isolate = (text: string) => `\u2068${text}\u2069`;
