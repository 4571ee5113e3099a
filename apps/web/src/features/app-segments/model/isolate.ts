/** Text in any direction kept whole inside a sentence of the studio's language (Unicode isolates). */
export const isolate = (text: string) => `\u2068${text}\u2069`;
